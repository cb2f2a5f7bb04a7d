"""The cluster feature's part of app.gui."""
