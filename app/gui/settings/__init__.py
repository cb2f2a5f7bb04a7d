"""The global settings dialog (dialog.py) and its pages, one module per page.

Each page is a SettingsPage (page.py) with `load()` / `save()` / `restore_defaults()`, as
Picard's options pages are; the dialog lists them, keeps OK disabled while any page has a
problem, and stores what every page's save() returns in one call.
"""
