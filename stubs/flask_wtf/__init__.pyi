from typing import Any

from flask_wtf.csrf import CSRFProtect as CSRFProtect
from markupsafe import Markup
from wtforms import Form
from wtforms.csrf.core import CSRFTokenField
from wtforms.meta import DefaultMeta

class FlaskForm(Form):
    class Meta(DefaultMeta):
        csrf: bool
        csrf_field_name: str
        csrf_time_limit: int | None

    csrf_token: CSRFTokenField
    def __init__(self, formdata: Any = ..., **kwargs: Any) -> None: ...
    def is_submitted(self) -> bool: ...
    def validate_on_submit(self, extra_validators: Any = None) -> bool: ...
    def hidden_tag(self, *fields: Any) -> Markup: ...
