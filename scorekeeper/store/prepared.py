"""The writes of the busiest request, compiled once per database and run as its driver takes them.

``Connection.execute`` of a Core statement works out again at every call what the call before already knew: the
statement's place in the compiled cache, each parameter's place and conversion. For the two writes that record a
hand (the game's version moved, the hand added) that is more of each statement's time on SQLite than the
database's own work. A ``Prepared`` statement works it out once per database (dialect): its SQL is SQLAlchemy's
own compilation of the Core statement and each parameter is converted by its column type's own processor, as
``execute`` would; it is run by ``Connection.exec_driver_sql`` on the same connection and in the same transaction,
where the engine's events see it as any other statement. (A SELECT gains nothing so: ``execute`` keeps the shape of
its rows with the compiled statement, where the driver's rows would be shaped again at every call.)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import Any, cast

from sqlalchemy import BindParameter, Connection, CursorResult
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler


class Prepared:
    """One Core statement, compiled once per dialect; its parameters are given by their names, all of them."""

    def __init__(self, statement: ClauseElement) -> None:
        self.statement = statement
        # Per dialect (one per engine): going with its engine, so apps made and dropped (as in the tests) leave none.
        self._forms: weakref.WeakKeyDictionary[Dialect, _Form] = weakref.WeakKeyDictionary()

    def run(self, connection: Connection, parameters: Mapping[str, Any]) -> CursorResult[Any]:
        """Run the statement on *connection* with *parameters* (every name it binds); the driver's result."""
        form = self._form(connection.dialect)
        return connection.exec_driver_sql(form.sql, form.bound(parameters))

    def _form(self, dialect: Dialect) -> _Form:
        form = self._forms.get(dialect)
        if form is None:
            form = self._forms.setdefault(dialect, _Form(self.statement, dialect))
        return form


class _Form:
    """A statement as one dialect's driver takes it: its SQL, its parameters in order, how each is converted."""

    def __init__(self, statement: ClauseElement, dialect: Dialect) -> None:
        compiled = cast(SQLCompiler, statement.compile(dialect=dialect))
        if compiled.literal_execute_params or compiled.post_compile_params:
            raise ValueError("a statement whose parameters change its text cannot be prepared once")
        if compiled.insert_prefetch or compiled.update_prefetch:
            # A column's default worked out by Python at each write (``default=``, ``onupdate=``): give it a value.
            raise ValueError("a statement leaving a column to a default worked out at each write is not prepared")
        self.sql = compiled.string
        self.positional = compiled.positional
        names = list(compiled.positiontup or ()) if compiled.positional else list(compiled.binds)
        escaped = compiled.escaped_bind_names
        # (name as given, name as the driver takes it, converter, fixed value): a literal of the statement itself
        # (the 1 of "version + 1") is converted once, here.
        self.steps: list[tuple[str | None, str, Callable[[Any], Any] | None, Any]] = []
        for name in names:
            bind: BindParameter[Any] = compiled.binds[name]
            convert = bind.type.dialect_impl(dialect).bind_processor(dialect)
            driver_name = escaped.get(name, name) if escaped else name
            if bind.required:
                self.steps.append((bind.key, driver_name, convert, None))
            else:
                fixed = bind.effective_value
                self.steps.append((None, driver_name, None, fixed if convert is None else convert(fixed)))

    def bound(self, parameters: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        """*parameters* converted, in the driver's order (a tuple) or by its names (a dict)."""
        values = [
            fixed if key is None else (parameters[key] if convert is None else convert(parameters[key]))
            for key, _name, convert, fixed in self.steps
        ]
        if self.positional:
            return tuple(values)
        return {name: value for (_key, name, _convert, _fixed), value in zip(self.steps, values, strict=True)}
