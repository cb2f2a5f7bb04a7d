"""The bench feature's part of app.gui."""
