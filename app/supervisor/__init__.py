"""Runs one vLLM server child per model: start, progress, diagnosis, crashes, no orphans."""

from app.supervisor.childenv import child_environment
from app.supervisor.protocol import ProcessInfo
from app.supervisor.supervisor import Supervisor

__all__ = ["ProcessInfo", "Supervisor", "child_environment"]
