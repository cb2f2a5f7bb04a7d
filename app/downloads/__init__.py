"""Hugging Face downloads with progress, cancel and resume; model file status and deletion."""

from app.downloads.manager import DownloadManager, free_space
from app.downloads.status import (
    ModelFileStatus,
    check_folder,
    delete_model_files,
    model_status,
    validate_local_folder,
)

__all__ = [
    "DownloadManager",
    "ModelFileStatus",
    "check_folder",
    "delete_model_files",
    "free_space",
    "model_status",
    "validate_local_folder",
]
