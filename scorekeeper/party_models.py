"""Database tables of card parties: the evening's settings and its log, stored as entered.

Everything else (seating, wins, places) is worked out by replaying the log
through ``scorekeeper.party``.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, Date, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .models import UTCDateTime, new_public_id, new_token, utcnow


class Party(db.Model):
    """One evening: its settings and the secrets of its links."""

    __tablename__ = "parties"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_public_id)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    # The secret from which each table's link and the couples' links are made.
    hall_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80))
    held_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    settings: Mapped[dict] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    entries: Mapped[list[PartyEntry]] = relationship(
        back_populates="party", order_by="PartyEntry.n", cascade="all, delete-orphan"
    )

    def __repr__(self) -> str:
        return f"<Party {self.id} v{self.version}>"


class PartyEntry(db.Model):
    """One entry of a party's log (a couple registered, a result, a tie settled...), as entered."""

    __tablename__ = "party_entries"
    __table_args__ = (UniqueConstraint("party_id", "n"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    party_id: Mapped[str] = mapped_column(ForeignKey("parties.id", ondelete="CASCADE"))
    n: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(24))
    data: Mapped[dict] = mapped_column(JSON)
    # Who sent it: "director", "table 3", "api".
    source: Mapped[str] = mapped_column(String(24), default="director")
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    party: Mapped[Party] = relationship(back_populates="entries")

    def __repr__(self) -> str:
        return f"<PartyEntry {self.party_id}#{self.n} {self.kind}>"
