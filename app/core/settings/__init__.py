"""Settings: declared once as data, their rules, upgrades and store."""
