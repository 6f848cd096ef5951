"""The site's pages, JSON API, rendering and fragments."""
