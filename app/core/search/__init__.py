"""The search feature's part of app.core."""
