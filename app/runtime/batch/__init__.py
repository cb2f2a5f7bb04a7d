"""The batch feature's part of app.runtime."""
