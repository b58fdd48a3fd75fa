"""The application object of a GUI session.

Every window command (play, edit-map, edit-scenario, and ``bofa-studio`` with
no command) starts here, so the app is always named the same way and QSettings
always finds the same user settings (recent files, window geometry).
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

APP_NAME = "BoFA Studio"


def gui_app() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    # The headless play layer keeps autosaves where the platform keeps per-user data.
    from PySide6.QtCore import QStandardPaths

    from bofa_studio.play.records import set_data_dir

    set_data_dir(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation) or None)
    return app
