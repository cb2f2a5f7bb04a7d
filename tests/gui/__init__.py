"""GUI tests: pytest-qt on the offscreen platform against a scripted FakeFacade."""
