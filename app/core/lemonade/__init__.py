"""The lemonade feature's part of app.core."""
