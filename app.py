"""The kurenai_rouge Space's entry: ``python app.py`` serves the page of ``kurouge.space.page``."""

from kurouge.space.page import main

if __name__ == "__main__":
    main()
