"""Building and publishing the site: orchestration, the engines, serve, progress and the build's machinery."""
