"""The services: each use case of the application API (app.runtime.api), implemented."""
