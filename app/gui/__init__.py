"""The desktop app (PySide6): every Qt import of the project lives in this package."""
