"""Models: the registry, their files, names, states and vLLM arguments."""
