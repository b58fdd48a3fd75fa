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
    return app
