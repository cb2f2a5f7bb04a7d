"""The batch feature's part of app.core."""
