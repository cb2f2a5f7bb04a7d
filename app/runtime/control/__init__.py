"""Which models run: the controller, its planning, watcher, suspend."""
