"""The store of drawn parts a worker keeps (``renderer/kept.py``): bounded by bytes, a
part built only the second time it is asked for, the least recently used dropped."""

from __future__ import annotations

from PIL import Image

from renderer.kept import Kept, core_bytes


def _builder(built: list, size: int = 10):
    def build(key):
        def make(asked):
            assert asked == key
            built.append(key)
            return f"part {key}", size
        return make
    return build


def test_a_part_is_drawn_in_place_first_then_built_then_pasted():
    built: list = []
    build = _builder(built)
    store = Kept(100)
    assert store.get("a", build("a")) == (False, None)  # first ask: draw it in place
    assert built == []
    assert store.get("a", build("a")) == (True, "part a")  # second: built and kept
    assert store.get("a", build("a")) == (True, "part a")  # then pasted
    assert built == ["a"] and store.hits == 1 and store.builds == 1


def test_the_store_never_holds_more_bytes_than_its_budget():
    built: list = []
    build = _builder(built, size=30)
    store = Kept(100)
    for key in range(20):
        store.get(key, build(key))
        store.get(key, build(key))
        assert store.bytes <= 100
    assert len(store) == 3 and store.bytes == 90


def test_the_least_recently_used_part_is_dropped_and_noted_anew():
    built: list = []
    build = _builder(built, size=40)
    store = Kept(100)
    for key in ("a", "b", "a", "b"):
        store.get(key, build(key))
    store.get("a", build("a"))  # "a" used last: "b" goes first
    store.get("c", build("c"))
    store.get("c", build("c"))
    assert built == ["a", "b", "c"]
    assert store.get("b", build("b")) == (False, None)  # dropped: drawn in place again
    assert store.get("a", build("a")) == (True, "part a")


def test_the_keys_asked_for_once_are_bounded():
    store = Kept(100, noted=5)
    built: list = []
    for key in range(50):
        store.get(key, _builder(built)(key))
    assert len(store._noted) == 5
    assert store.get(0, _builder(built)(0)) == (False, None)  # forgotten: noted again


def test_bytes_of_pillow_images():
    assert core_bytes(Image.new("RGB", (10, 3)).im, Image.new("1", (10, 3)).im, None) == 150


def test_a_cache_by_bytes_drops_the_least_recently_used_past_its_budget():
    from renderer.kept import lru_by_bytes

    calls = []

    @lru_by_bytes(maxsize=10, budget=100, weigh=lambda result: result[1])
    def drawn(key, size):
        calls.append(key)
        return key, size

    assert drawn("a", 40) == ("a", 40) and drawn("a", 40) == ("a", 40)
    drawn("b", 40)
    drawn("a", 40)  # "a" used last: "b" goes first
    drawn("c", 40)
    assert drawn.cache_bytes() == 80 and drawn.cache_info().currsize == 2
    drawn("a", 40)
    drawn("b", 40)  # drawn again
    assert calls == ["a", "b", "c", "b"]
    info = drawn.cache_info()
    assert (info.hits, info.misses, info.maxsize) == (3, 4, 10)
    for key in range(20):
        drawn(key, 1)
    assert drawn.cache_info().currsize == 10  # the count bounds it too
    drawn.cache_clear()
    assert drawn.cache_info() == (0, 0, 10, 0) and drawn.cache_bytes() == 0


def test_the_sprites_kept_are_bounded_by_bytes():
    from renderer import render_image, sprites
    from testkit.samples import board_samples

    assert sprites.SPRITE_BYTES <= 24 << 20  # per worker process
    for game in ("kuhlorado", "hazienda", "llama-land"):
        for sample in board_samples(game):
            render_image(game, sample.view, sample.names)
    assert 0 < sprites._sprite.cache_bytes() <= sprites.SPRITE_BYTES
