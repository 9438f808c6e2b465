"""Field configs: the shipped YAMLs, the registry, and the errors a bad YAML produces."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from intelligent_extraction.errors import FieldConfigError, UnknownFieldError
from intelligent_extraction.fields import (
    FieldRegistry,
    load_field_config,
    load_field_registry,
    validate_field_dir,
)
from intelligent_extraction.models import FieldConfig, Strategy, ValueType

SHIPPED_DIR = Path(__file__).resolve().parents[2] / "config" / "fields"
SHIPPED_FILES = sorted(SHIPPED_DIR.glob("*.yaml"))

REQUIRED_FIELDS = {
    "parties": ValueType.party_list,
    "agreement_date": ValueType.date,
    "effective_date": ValueType.date,
    "expiration_date": ValueType.date,
    "term": ValueType.duration,
    "renewal_term": ValueType.duration,
    "notice_period_to_terminate_renewal": ValueType.duration,
    "governing_law": ValueType.place,
    "document_name": ValueType.text,
    "termination_for_convenience": ValueType.clause,
    "warranty_duration": ValueType.duration,
    "cap_on_liability": ValueType.clause,
    "liquidated_damages": ValueType.clause,
    "payment_terms": ValueType.clause,
    "late_payment_penalty": ValueType.percent,
    "indemnification": ValueType.clause,
    "intellectual_property": ValueType.clause,
    "confidentiality": ValueType.clause,
    "diagnosis_code": ValueType.identifier,
    "account_number": ValueType.identifier,
}
START_OF_DOCUMENT_FIELDS = {"document_name", "parties", "agreement_date", "effective_date"}

GOOD = "field_name: {name}\ninstructions:\n  task: Find the {name}\n"


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def config_error(path: Path) -> FieldConfigError:
    with pytest.raises(FieldConfigError) as info:
        load_field_config(path)
    assert info.value.path == str(path)
    assert str(path) in str(info.value)
    return info.value


# --------------------------------------------------------------------------- shipped configs


@pytest.fixture(scope="module")
def shipped() -> FieldRegistry:
    return load_field_registry(SHIPPED_DIR)


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda p: p.stem)
def test_every_shipped_config_loads(path: Path) -> None:
    config = load_field_config(path)

    assert config.field_name == path.stem
    assert config.description
    assert len(config.instructions.task.split()) >= 8, "the kNN side embeds the task"
    assert config.queries.exact and config.queries.pattern and config.queries.fuzzy
    assert config.strategy is Strategy.hybrid


def test_shipped_registry_has_every_required_field_with_its_type(shipped: FieldRegistry) -> None:
    assert set(REQUIRED_FIELDS) <= set(shipped.names())
    for name, value_type in REQUIRED_FIELDS.items():
        assert shipped.get(name).type is value_type, name


def test_start_of_document_fields_boost_early_chunks(shipped: FieldRegistry) -> None:
    for config in shipped:
        if config.field_name in START_OF_DOCUMENT_FIELDS:
            assert config.position is not None and config.position.boost > 0, config.field_name
        else:
            assert config.position is None, config.field_name


def test_shipped_bm25_terms_are_not_duplicated_within_a_field(shipped: FieldRegistry) -> None:
    for config in shipped:
        terms = [t.lower() for t in config.bm25_terms()]
        assert len(terms) == len(set(terms)), config.field_name


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("governing_law", "governed by and construed in accordance with the laws of Ohio"),
        ("agreement_date", "This Agreement is made this 3rd day of October, 2016 between"),
        ("effective_date", 'entered into as of April 9, 2015 (the "Effective Date")'),
        ("renewal_term", "will then renew for successive two (2) year periods"),
        ("notice_period_to_terminate_renewal", "at least sixty (60) days prior to the expiration"),
        ("cap_on_liability", "IN NO EVENT WILL A PARTY'S TOTAL LIABILITY EXCEED THE FEES PAID"),
        ("liquidated_damages", "the Customer will pay the Termination Fee set out in Schedule 2"),
        ("late_payment_penalty", "overdue sums bear interest at the rate of 2% per month"),
        ("payment_terms", "Payment terms are net 45 days after the invoice date"),
        ("termination_for_convenience", "either party may terminate this Agreement at any time"),
        ("warranty_duration", "warrants the Products for a period of twelve (12) months"),
    ],
)
def test_shipped_patterns_match_typical_phrasing(
    shipped: FieldRegistry, field: str, text: str
) -> None:
    patterns = shipped.get(field).queries.pattern
    assert any(re.search(p, text) for p in patterns), f"{field}: no pattern matches {text!r}"


def test_governing_law_pattern_captures_the_place(shipped: FieldRegistry) -> None:
    text = "THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF NEW YORK, WITHOUT REGARD"
    captured = {
        m.group(1)
        for p in shipped.get("governing_law").queries.pattern
        if (m := re.search(p, text)) and m.groups()
    }
    assert "NEW YORK" in captured


@pytest.mark.parametrize(
    ("field", "good", "bad"),
    [
        ("diagnosis_code", ["E11.9", "J45.909", "C4A.0", "U07.1", "I10"], ["11.9E", "e11.9"]),
        ("account_number", ["DE89370400440532013000", "****1234", "12-3456-78"], ["12", "abc"]),
    ],
)
def test_identifier_value_patterns(
    shipped: FieldRegistry, field: str, good: list[str], bad: list[str]
) -> None:
    pattern = shipped.get(field).pattern
    assert pattern is not None
    for value in good:
        assert re.fullmatch(pattern, value), f"{field} should accept {value!r}"
    for value in bad:
        assert not re.fullmatch(pattern, value), f"{field} should reject {value!r}"


# --------------------------------------------------------------------------- registry


def test_registry_get_names_iteration_and_contains(tmp_path: Path) -> None:
    for name in ("beta", "alpha"):
        write(tmp_path, f"{name}.yaml", GOOD.format(name=name))
    write(tmp_path, "_draft.yaml", "this is: [not valid")  # ignored: leading underscore
    write(tmp_path, "notes.txt", "ignored: not a yaml file")

    registry = load_field_registry(tmp_path)

    assert registry.names() == ["alpha", "beta"]
    assert [c.field_name for c in registry] == ["alpha", "beta"]
    assert len(registry) == 2 and "alpha" in registry and "_draft" not in registry
    assert isinstance(registry.get("alpha"), FieldConfig)
    assert registry.get("alpha").instructions.task == "Find the alpha"


def test_registry_unknown_field_lists_known_names(tmp_path: Path) -> None:
    write(tmp_path, "alpha.yaml", GOOD.format(name="alpha"))
    registry = load_field_registry(tmp_path)

    with pytest.raises(UnknownFieldError) as info:
        registry.get("gamma")

    assert info.value.name == "gamma"
    assert info.value.known == ["alpha"]
    assert "'gamma'" in str(info.value) and "alpha" in str(info.value)


def test_registry_rejects_a_bad_file(tmp_path: Path) -> None:
    write(tmp_path, "alpha.yaml", GOOD.format(name="alpha"))
    bad = write(tmp_path, "beta.yaml", GOOD.format(name="beta") + "final_top_k: 0\n")

    with pytest.raises(FieldConfigError) as info:
        load_field_registry(tmp_path)

    assert info.value.path == str(bad)
    assert info.value.problems == ["final_top_k: must be >= 1 (got 0)"]


def test_registry_reports_every_bad_file_at_once(tmp_path: Path) -> None:
    write(tmp_path, "alpha.yaml", "field_name: alpha\n")
    write(tmp_path, "beta.yaml", GOOD.format(name="beta") + "min_score: -2\n")

    with pytest.raises(FieldConfigError) as info:
        load_field_registry(tmp_path)

    assert info.value.path == str(tmp_path)
    assert info.value.problems == [
        "alpha.yaml: instructions: is required but missing",
        "beta.yaml: min_score: must be >= 0 (got -2)",
    ]


def test_registry_refuses_two_configs_with_one_name() -> None:
    config = FieldConfig(field_name="alpha", instructions={"task": "t"})
    with pytest.raises(ValueError, match="'alpha' is configured twice"):
        FieldRegistry([config, config])


def test_missing_directory_is_a_config_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    with pytest.raises(FieldConfigError, match="does not exist") as info:
        validate_field_dir(missing)
    assert info.value.path == str(missing)


# --------------------------------------------------------------------------- bad configs


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "max_bm25_result: 10\n",
            "unknown key 'max_bm25_result' (did you mean 'max_bm25_results'?)",
        ),
        (
            "queries:\n  exakt: [governed by]\n",
            "queries: unknown key 'exakt' (did you mean 'exact'?)",
        ),
        (
            "position: {first_chunks: 2, bost: 0.1}\n",
            "position: unknown key 'bost' (did you mean 'boost'?)",
        ),
        (
            "final_top_k: five\n",
            "final_top_k: must be a valid integer, unable to parse string as an integer "
            "(got 'five')",
        ),
        ("keywords_search: law\n", "keywords_search: must be a valid list (got 'law')"),
        ("queries: [governed by]\n", "queries: must be a mapping (got ['governed by'])"),
        ("bm25_score_threshold: -1.0\n", "bm25_score_threshold: must be >= 0 (got -1.0)"),
        ("knn_score_threshold: 1.5\n", "knn_score_threshold: must be <= 1 (got 1.5)"),
        ("position: {first_chunks: 0}\n", "position.first_chunks: must be >= 1 (got 0)"),
        (
            "type: dat\n",
            "type: must be one of 'date', 'duration', 'money', 'percent', 'party_list', 'place', "
            "'identifier', 'enum', 'boolean', 'text' or 'clause' (got 'dat'; did you mean 'date'?)",
        ),
        (
            "queries:\n  pattern: ['laws of', '(unclosed']\n",
            "queries.pattern: pattern '(unclosed' is not a valid regex: "
            "missing ), unterminated subpattern at position 0",
        ),
        ("type: enum\n", "type 'enum' needs a non-empty 'choices' list"),
        (
            "type: identifier\npattern: '[A-'\n",
            "pattern '[A-' is not a valid regex: unterminated character set at position 0",
        ),
        (
            "weights: {bm25: 0, knn: 0}\n",
            "weights: weights.bm25 and weights.knn cannot both be 0 (got {'bm25': 0, 'knn': 0})",
        ),
    ],
)
def test_bad_value_names_file_key_and_value(tmp_path: Path, body: str, expected: str) -> None:
    path = write(tmp_path, "demo.yaml", GOOD.format(name="demo") + body)

    error = config_error(path)

    assert error.problems == [expected]
    assert expected in str(error)


def test_missing_task_says_it_is_required(tmp_path: Path) -> None:
    path = write(tmp_path, "demo.yaml", "field_name: demo\ninstructions:\n  keywords: [x]\n")
    assert config_error(path).problems == ["instructions.task: is required but missing"]


def test_empty_task_is_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, "demo.yaml", "field_name: demo\ninstructions: {task: ''}\n")
    assert config_error(path).problems == ["instructions.task: must not be empty (got '')"]


def test_every_problem_in_a_file_is_reported_together(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "demo.yaml",
        "field_name: other\ninstructions: {}\nfinal_top_k: 0\nmax_knn_result: 3\n",
    )

    problems = config_error(path).problems

    assert problems == [
        "field_name: must equal the file name 'demo' (got 'other')",
        "instructions.task: is required but missing",
        "final_top_k: must be >= 1 (got 0)",
        "unknown key 'max_knn_result' (did you mean 'max_knn_results'?)",
    ]


def test_stem_must_equal_field_name(tmp_path: Path) -> None:
    path = write(tmp_path, "governing_law.yaml", GOOD.format(name="governing_laws"))
    assert config_error(path).problems == [
        "field_name: must equal the file name 'governing_law' (got 'governing_laws')"
    ]


def test_field_name_must_be_snake_case(tmp_path: Path) -> None:
    path = write(tmp_path, "Demo.yaml", GOOD.format(name="Demo"))
    assert config_error(path).problems == [
        "field_name: must match the pattern '^[a-z][a-z0-9_]*$' (got 'Demo')"
    ]


def test_yaml_syntax_error_names_line_and_offending_text(tmp_path: Path) -> None:
    path = write(tmp_path, "demo.yaml", "field_name: demo\ninstructions:\n  task: a: b\n")
    assert config_error(path).problems == [
        "invalid YAML at line 3, column 10: mapping values are not allowed here: 'task: a: b'"
    ]


def test_duplicate_key_is_an_error_not_a_silent_override(tmp_path: Path) -> None:
    text = GOOD.format(name="demo") + "final_top_k: 3\nfinal_top_k: 4\n"
    path = write(tmp_path, "demo.yaml", text)
    assert config_error(path).problems == [
        "invalid YAML at line 5, column 1: duplicate key 'final_top_k': 'final_top_k: 4'"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- a\n- b\n", "top level must be a mapping of keys to values (got list)"),
        ("just a string\n", "top level must be a mapping of keys to values (got str)"),
        ("", "file is empty (expected a mapping with field_name)"),
    ],
)
def test_top_level_must_be_a_mapping(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path, "demo.yaml", text)
    assert config_error(path).problems == [expected]


def test_unreadable_file_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "demo.yaml"
    path.write_bytes(b"field_name: demo\n\xff\xfe\n")
    assert config_error(path).problems[0].startswith("cannot read file:")


# --------------------------------------------------------------------------- validate_field_dir


def test_validate_field_dir_collects_every_error_and_keeps_good_files(tmp_path: Path) -> None:
    good_a = write(tmp_path, "alpha.yaml", GOOD.format(name="alpha"))
    bad_b = write(tmp_path, "beta.yaml", GOOD.format(name="beta") + "bm25_score_threshold: -1\n")
    bad_c = write(tmp_path, "gamma.yaml", "field_name: gamma\ninstructions:\n  task: x: y\n")
    good_d = write(tmp_path, "delta.yml", GOOD.format(name="delta"))
    bad_e = write(tmp_path, "eps.yaml", GOOD.format(name="epsilon"))
    write(tmp_path, "_template.yaml", "broken: [")

    results = dict(validate_field_dir(tmp_path))

    assert set(results) == {good_a, bad_b, bad_c, good_d, bad_e}
    assert results[good_a] is None and results[good_d] is None
    assert results[bad_b].problems == ["bm25_score_threshold: must be >= 0 (got -1)"]
    assert results[bad_c].problems[0].startswith("invalid YAML at line 3")
    assert results[bad_e].problems == ["field_name: must equal the file name 'eps' (got 'epsilon')"]
    assert [p.name for p, _ in validate_field_dir(tmp_path)] == sorted(
        ["alpha.yaml", "beta.yaml", "delta.yml", "eps.yaml", "gamma.yaml"]
    )


def test_validate_field_dir_flags_a_name_defined_twice(tmp_path: Path) -> None:
    first = write(tmp_path, "alpha.yaml", GOOD.format(name="alpha"))
    second = write(tmp_path, "alpha.yml", GOOD.format(name="alpha"))

    results = dict(validate_field_dir(tmp_path))

    assert results[first] is None
    assert results[second].problems == ["field_name: 'alpha' is already defined in alpha.yaml"]


def test_validate_shipped_dir_is_clean() -> None:
    results = validate_field_dir(SHIPPED_DIR)
    assert len(results) == len(SHIPPED_FILES) >= len(REQUIRED_FIELDS)
    assert [(p.name, e) for p, e in results if e is not None] == []


# --------------------------------------------------------------------------- extraction rules


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "extraction: {mode: valeu}\n",
            "extraction.mode: must be one of 'value', 'expiration', 'renewal', 'parties', "
            "'title' or 'sentence' (got 'valeu'; did you mean 'value'?)",
        ),
        (
            "type: duration\nextraction: {mode: expiration}\n",
            "extraction.mode 'expiration' reads date values, but the field's type is 'duration'",
        ),
        (
            "extraction: {context: '(?i)renew(al'}\n",
            "extraction.context: context '(?i)renew(al' is not a valid regex: missing ), "
            "unterminated subpattern at position 9",
        ),
        (
            "extraction:\n  sentence_cues:\n    - {pattern: '[0-9', weight: 0.2}\n",
            "extraction.sentence_cues[0].pattern: pattern '[0-9' is not a valid regex: "
            "unterminated character set at position 0",
        ),
        (
            "extraction:\n  sentence_cues:\n    - {pattern: 'term', weight: 1.5}\n",
            "extraction.sentence_cues[0].weight: must be <= 1 (got 1.5)",
        ),
        (
            "extraction:\n  sentence_cues:\n    - {pattern: 'term', weight: 0.5, wieght: 0.5}\n",
            "extraction.sentence_cues[0]: unknown key 'wieght' (did you mean 'weight'?)",
        ),
        (
            "extraction: {kind_weights: {effective: 2}}\n",
            "extraction.kind_weights.effective: must be <= 1 (got 2)",
        ),
        (
            "extraction: {unit_weights: {year: -1.5}}\n",
            "extraction.unit_weights.year: must be >= -1 (got -1.5)",
        ),
        (
            "type: date\nextraction: {signing_date_fallback: '(?i)effective('}\n",
            "extraction.signing_date_fallback: signing_date_fallback '(?i)effective(' is not a "
            "valid regex: missing ), unterminated subpattern at position 13",
        ),
        (
            "type: date\nextraction: {signing_date_fallback: 'false'}\n",
            "extraction.signing_date_fallback: 'false' is a quoted word: write true or false "
            "without quotes, or a regex",
        ),
        (
            "type: date\nextraction: {withhold_partial_dates: ['(?i)secrecy', 'no']}\n",
            "extraction.withhold_partial_dates: 'no' is a quoted word: write true or false "
            "without quotes, or a regex",
        ),
        (
            "type: date\nextraction: {withhold_partial_dates: ['(?i)secrecy', '[a-']}\n",
            "extraction.withhold_partial_dates: withhold_partial_dates '[a-' is not a valid "
            "regex: unterminated character set at position 0",
        ),
        (
            "type: date\nextraction: {signing_date_fallback: []}\n",
            "extraction.signing_date_fallback: an empty list: write true, false, a regex or a "
            "list of regexes (got [])",
        ),
        (
            "type: text\nextraction: {withhold_partial_dates: true}\n",
            "extraction.withhold_partial_dates is a convention for date fields, but the field's "
            "type is 'text'",
        ),
        (
            "type: date\nextraction: {open_ended_answers: false}\n",
            "extraction.open_ended_answers is a convention for duration fields, but the field's "
            "type is 'date'",
        ),
        ("extraction: {early: 1.2}\n", "extraction.early: must be <= 1 (got 1.2)"),
        ("extraction: {max_chunks: 0}\n", "extraction.max_chunks: must be >= 1 (got 0)"),
        ("extraction: {profile: term}\n", "extraction: unknown key 'profile'"),
        ("extraction: {needs: [demo]}\n", "extraction.needs: a field cannot need itself ('demo')"),
        (
            "extraction: {needs: [Start Date]}\n",
            "extraction.needs: 'Start Date' is not a field name (lower_snake_case)",
        ),
    ],
)
def test_bad_extraction_rules_name_file_key_and_value(
    tmp_path: Path, body: str, expected: str
) -> None:
    path = write(tmp_path, "demo.yaml", GOOD.format(name="demo") + body)

    assert config_error(path).problems == [expected]


def test_needs_must_name_a_configured_field(tmp_path: Path) -> None:
    write(tmp_path, "start.yaml", GOOD.format(name="start") + "type: date\n")
    end = write(
        tmp_path,
        "end.yaml",
        GOOD.format(name="end")
        + "type: date\nextraction:\n  mode: expiration\n  needs: [start, strat, signed]\n",
    )

    with pytest.raises(FieldConfigError) as info:
        load_field_registry(tmp_path)

    assert info.value.path == str(end)
    assert info.value.problems == [
        "extraction.needs[1]: names no configured field (got 'strat'; did you mean 'start'?)",
        "extraction.needs[2]: names no configured field (got 'signed')",
    ]
    assert dict(validate_field_dir(tmp_path))[end].problems == info.value.problems


def test_needs_may_name_a_field_whose_file_is_broken_which_is_reported_itself(
    tmp_path: Path,
) -> None:
    start = write(tmp_path, "start.yaml", GOOD.format(name="start") + "final_top_k: 0\n")
    end = write(tmp_path, "end.yaml", GOOD.format(name="end") + "extraction: {needs: [start]}\n")

    results = dict(validate_field_dir(tmp_path))

    assert results[end] is None
    assert results[start].problems == ["final_top_k: must be >= 1 (got 0)"]


def test_a_registry_built_from_configs_checks_needs_too() -> None:
    end = FieldConfig(
        field_name="end", instructions={"task": "x"}, extraction={"needs": ["start"]}
    )
    with pytest.raises(ValueError, match=r"field 'end': extraction.needs\[0\]: names no config"):
        FieldRegistry([end])


def test_every_shipped_need_is_a_shipped_field(shipped: FieldRegistry) -> None:
    needs = {name for config in shipped for name in config.extraction.needs or []}
    assert needs == {"effective_date", "agreement_date"}
    assert needs <= set(shipped.names())
