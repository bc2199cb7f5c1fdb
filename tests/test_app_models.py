"""The Space loads the segmenters' models in the background; a request that needs one still loading
says so and waits for that load (it does not load the model a second time)."""

import threading

import pytest

from kurouge.space import models


@pytest.fixture
def fresh_state(monkeypatch):
    monkeypatch.setattr(models, "_started", threading.Event())
    monkeypatch.setattr(models, "_loaded", {name: threading.Event() for name in models.PRELOADED})


def test_a_request_during_the_load_is_told_and_waits_for_it(fresh_state, monkeypatch):
    release, told, loads = threading.Event(), threading.Event(), []

    def slow_load(name):
        loads.append(name)
        release.wait()

    messages = []
    monkeypatch.setattr(models.gr, "Info", lambda message: (messages.append(message), told.set()))
    loader = models.load_in_background(["ko"], load=slow_load)
    request = threading.Thread(target=models.wait_for_model, args=("ko",))
    request.start()
    assert told.wait(60)
    assert request.is_alive()  # still waiting for the model
    assert messages == ["Loading the Korean tokenizer's model (once, as the app starts): a few seconds"]
    release.set()
    request.join(60)
    loader.join(60)
    assert not request.is_alive() and loads == ["ko"]


def test_no_wait_for_other_tokenizers_a_loaded_model_or_before_any_load(fresh_state, monkeypatch):
    monkeypatch.setattr(models.gr, "Info", lambda message: pytest.fail(f"told {message!r}"))
    models.wait_for_model("ko")  # nothing started: the request loads what it needs itself
    models.load_in_background(["zh"], load=lambda name: None).join(60)
    models.wait_for_model("zh")
    models.wait_for_model("whitespace")


def test_a_failed_load_releases_the_requests(fresh_state, monkeypatch):
    def failing(name):
        raise ImportError("no kiwipiepy")

    models.load_in_background(["ko"], load=failing).join(60)
    monkeypatch.setattr(models.gr, "Info", lambda message: pytest.fail("waited"))
    models.wait_for_model("ko")


def test_the_real_models_load():
    for name in models.PRELOADED:
        models.load_model(name)
