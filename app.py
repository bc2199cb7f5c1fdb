"""The kurenai_rouge Space's entry: ``python app.py`` serves the page of ``kurouge.space.page``."""

from kurouge.space.cache import use_private_cache

if __name__ == "__main__":
    use_private_cache()  # before gradio is imported: it reads its cache folder then
    from kurouge.space.page import main

    main()
