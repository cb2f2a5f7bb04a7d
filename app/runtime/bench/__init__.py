"""The bench feature's part of app.runtime."""
