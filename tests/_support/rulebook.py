"""The rule book page read as text, element by element."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Page(HTMLParser):
    """The ids of a page, the text inside each element that has one, and the attributes of every tag."""

    def __init__(self, markup: str):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.text: dict[str, list[str]] = {}
        self.tags: list[tuple[str, dict]] = []
        self._open: list[tuple[str, str | None]] = []
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        element_id = attributes.get("id")
        if element_id:
            self.ids.append(element_id)
            self.text.setdefault(element_id, [])
        self._spill(" ")
        if tag not in VOID:
            self._open.append((tag, element_id))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i][0] == tag:
                del self._open[i:]
                break
        self._spill(" ")

    def handle_data(self, data):
        self._spill(data)

    def _spill(self, data):
        for _, element_id in self._open:
            if element_id:
                self.text[element_id].append(data)

    def text_of(self, element_id: str) -> str:
        assert element_id in self.text, f"nothing on the page has id={element_id!r}"
        return " ".join("".join(self.text[element_id]).split())

    def cards_in(self, element_id: str) -> list[str]:
        return self.text_of(element_id).split()
