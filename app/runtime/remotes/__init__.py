"""The remotes feature's part of app.runtime."""
