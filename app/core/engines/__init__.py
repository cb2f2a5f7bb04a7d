"""What is known of vLLM builds: the ROCm feed, advisories, the shield."""
