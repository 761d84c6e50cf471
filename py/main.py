"""Entry point of the page (index.html runs it through PyScript)."""

from webui.browser import boot

boot()
