"""Hugging Face downloads with progress, cancel and resume (`manager`); model file status and
deletion (`status`). Nothing is imported here: a module that needs only the file checks does
not load huggingface_hub."""
