"""The chat feature's part of app.runtime."""
