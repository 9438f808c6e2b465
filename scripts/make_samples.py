"""Write the project's sample documents into samples/ (deterministic: rerunning changes nothing).

    python scripts/make_samples.py [--out samples]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from intelligent_extraction.samples import (
    bank_statement,
    medical_record,
    services_agreement,
    write_docx,
    write_html,
    write_pdf,
    write_text,
)

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "samples", help="output directory")
    out = parser.parse_args(argv).out
    out.mkdir(parents=True, exist_ok=True)

    msa = services_agreement()
    written = [
        write_pdf(out / f"{msa.name}.pdf", msa),
        write_docx(out / f"{msa.name}.docx", msa),
        write_html(out / f"{msa.name}.html", msa),
        write_text(out / f"{msa.name}.txt", msa),
        write_pdf(out / "medical_record.pdf", medical_record()),
        write_pdf(out / "bank_statement.pdf", bank_statement()),
    ]
    for path in written:
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
