"""The scenario editor for rulesets that declare a scenario form (``scenario.form``): one tab
per table the ruleset declares, cells written through the ruleset's setters, the problems
``bofa-studio validate`` would report below, undo, Save and Save As.

The 1984 game's scenarios keep their own editor (``window.ScenarioEditorWindow``);
:func:`editor_for` picks the one a file needs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.scenario.form import FormDocument, scenario_form
from bofa_studio.ui.actions import make_action


def editor_for(path: str | Path | None, settings: QSettings | None = None) -> QMainWindow:
    """The scenario editor a file needs: the form editor if its ruleset declares a form."""
    from bofa_studio.ui.scenario_editor.window import ScenarioEditorWindow

    if path is not None:
        from bofa_studio.jsonfile import read_json_object

        try:
            ruleset = read_json_object(path).get("ruleset")
        except Exception:  # the 1984 editor reports an unreadable file in its own words
            ruleset = None
        if scenario_form(ruleset) is not None:
            return FormEditorWindow(str(path), settings=settings)
    return ScenarioEditorWindow(str(path) if path is not None else None, settings=settings)


def shoot_form(path: str, width: int, height: int) -> Any:
    """The form editor on ``path``, offscreen, as an image (``screenshot --mode edit-scenario``)."""
    import tempfile

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    with tempfile.TemporaryDirectory() as tmp:
        window = FormEditorWindow(path, QSettings(str(Path(tmp) / "shot.ini"), QSettings.Format.IniFormat))
        window.resize(width, height)
        window.show()
        for _ in range(3):
            app.processEvents()
        image = window.grab().toImage()
        window.close()
        window.deleteLater()
        app.processEvents()
    return image


class FormEditorWindow(QMainWindow):
    def __init__(self, path: str, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("BoFA Studio", "BoFA Studio")
        self.document = FormDocument.open(path)
        self.show_error = lambda title, text: QMessageBox.warning(self, title, text)
        self.ask_save_path = lambda: QFileDialog.getSaveFileName(self, "Save the scenario as", str(path),
                                                                 "Scenarios (*.json)")[0]
        self.tabs = QTabWidget()
        self.grids: list[QTableWidget] = []
        for i, table in enumerate(self.document.tables):
            self.tabs.addTab(self._table_page(i), f"{table.title} ({table.section})")
        self.refusal = QLabel()
        self.refusal.setStyleSheet("color: #b71c1c;")
        self.refusal.setWordWrap(True)
        self.problems = QListWidget()
        lower = QWidget()
        box = QVBoxLayout(lower)
        box.addWidget(self.refusal)
        box.addWidget(QLabel("Problems (as bofa-studio validate reports them):"))
        box.addWidget(self.problems)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.tabs)
        split.addWidget(lower)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        self.setCentralWidget(split)
        self._build_menus()
        self.resize(1100, 800)
        self.refresh()

    # -- construction ------------------------------------------------------------------
    def _table_page(self, index: int) -> QWidget:
        spec = self.document.tables[index]
        page = QWidget()
        box = QVBoxLayout(page)
        if spec.note:
            box.addWidget(QLabel(spec.note))
        grid = QTableWidget()
        grid.setColumnCount(len(spec.columns))
        grid.setHorizontalHeaderLabels([c.header for c in spec.columns])
        grid.itemChanged.connect(lambda item, i=index: self._edited(i, item))
        self.grids.append(grid)
        box.addWidget(grid)
        if spec.add_row is not None or spec.remove_row is not None:
            buttons = QHBoxLayout()
            add = QPushButton("Add a row")
            add.clicked.connect(lambda _=False, i=index: self.add_row(i))
            remove = QPushButton("Remove the selected row")
            remove.clicked.connect(lambda _=False, i=index: self.remove_row(i, self.grids[i].currentRow()))
            buttons.addWidget(add)
            buttons.addWidget(remove)
            buttons.addStretch()
            box.addLayout(buttons)
        return page

    def _build_menus(self) -> None:
        file = self.menuBar().addMenu("&File")
        self.save_action = make_action(self, "&Save", self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = make_action(self, "Save &As...", self.save_as, QKeySequence.StandardKey.SaveAs)
        file.addActions([self.save_action, self.save_as_action])
        file.addAction(make_action(self, "&Close", self.close, QKeySequence.StandardKey.Close))
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = make_action(self, "&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = make_action(self, "&Redo", self.redo, QKeySequence.StandardKey.Redo)
        edit.addActions([self.undo_action, self.redo_action])

    # -- showing the data --------------------------------------------------------------------
    def refresh(self) -> None:
        doc = self.document
        for index, grid in enumerate(self.grids):
            spec = doc.tables[index]
            rows = doc.rows(index)
            grid.blockSignals(True)
            grid.setRowCount(len(rows))
            for r, row in enumerate(rows):
                for c, column in enumerate(spec.columns):
                    item = QTableWidgetItem(str(row.get(column.key, "")))
                    if not column.editable:
                        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                    elif column.choices is not None:
                        item.setToolTip("one of: " + ", ".join(x or '""' for x in column.choices(doc.data)))
                    grid.setItem(r, c, item)
            grid.resizeColumnsToContents()
            grid.blockSignals(False)
        self.problems.clear()
        found = doc.problems()
        self.problems.addItems([str(p) for p in found] or ["No problems: the scenario validates."])
        self.undo_action.setEnabled(bool(doc.undo_text()))
        self.undo_action.setText(f"&Undo {doc.undo_text()}".strip())
        name = Path(doc.path).name if doc.path else "new scenario"
        self.setWindowTitle(f"{name}{' *' if doc.modified else ''} — {doc.data.get('meta', {}).get('name', '')} "
                            "— BoFA Studio scenario editor")

    # -- editing ---------------------------------------------------------------------------
    def _edited(self, index: int, item: QTableWidgetItem) -> None:
        key = self.document.tables[index].columns[item.column()].key
        self.set_cell(index, item.row(), key, item.text())

    def _attempt(self, edit: Any) -> bool:
        try:
            edit()
        except ValueError as exc:
            self.refusal.setText(str(exc))
            self.refresh()
            return False
        self.refusal.setText("")
        self.refresh()
        return True

    def set_cell(self, table: int, row: int, key: str, text: Any) -> bool:
        return self._attempt(lambda: self.document.set_cell(table, row, key, text))

    def add_row(self, table: int) -> bool:
        return self._attempt(lambda: self.document.add_row(table))

    def remove_row(self, table: int, row: int) -> bool:
        if row < 0:
            self.refusal.setText("select a row to remove first")
            return False
        return self._attempt(lambda: self.document.remove_row(table, row))

    def undo(self) -> None:
        self.document.undo()
        self.refresh()

    def redo(self) -> None:
        self.document.redo()
        self.refresh()

    # -- files -------------------------------------------------------------------------------
    def ask_unsaved(self) -> QMessageBox.StandardButton:
        B = QMessageBox.StandardButton
        return QMessageBox.question(self, "Unsaved changes", "Save the changes to the scenario?",
                                    B.Save | B.Discard | B.Cancel, B.Save)

    def closeEvent(self, event: Any) -> None:
        if self.document.modified:
            answer = self.ask_unsaved()
            if answer == QMessageBox.StandardButton.Cancel or (
                    answer == QMessageBox.StandardButton.Save and not self.save()):
                event.ignore()
                return
        event.accept()

    def save(self) -> bool:
        from bofa_studio.resources import is_shipped

        path = self.document.path
        if path is None or is_shipped(path):
            return self.save_as()  # the shipped scenarios are the app's own: save a variant
        return self._write(path)

    def save_as(self) -> bool:
        path = self.ask_save_path()
        return bool(path) and self._write(path)

    def _write(self, path: str) -> bool:
        try:
            self.document.save(path)
        except OSError as exc:
            self.show_error("Cannot save the scenario", f"{path}: {exc}")
            return False
        self.statusBar().showMessage(f"Saved {path}", 8000)
        self.refresh()
        return True
