"""The chat feature's part of app.core."""
