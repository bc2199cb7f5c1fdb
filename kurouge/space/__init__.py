"""The Hugging Face Space (Gradio): the only code that imports gradio. ``page.build()`` makes the page."""
