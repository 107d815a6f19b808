"""How clean is the 1.7 rulebook? The share of its word tokens that are corpus or dictionary words.

    python benchmarks/wordshare_17.py [--seeds ../shared/seeds] [--dictionary /usr/share/dict/words]

Prints, for the raw extraction and for the cleaned entries (rules/1e/rulebook-1.7.md): the share
against the vocabulary of the other four documents; the same counting regular inflections; and,
when a dictionary file is present (Debian: wamerican), against corpus words plus dictionary words.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.corpus import load_document  # noqa: E402
from judge.corpus.importers import source_file  # noqa: E402
from judge.corpus.importers.vocabulary import Vocabulary, words  # noqa: E402
from judge.corpus.importers.wordshare import word_share  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    ap.add_argument("--dictionary", type=Path, default=Path("/usr/share/dict/words"))
    args = ap.parse_args()
    vocab = Vocabulary.from_seeds(args.seeds)
    raw = source_file(args.seeds, "001").read_text(encoding="utf-8")
    doc = load_document(ROOT / "rules" / "1e" / "rulebook-1.7.md")
    clean = "\n".join(f"{e.title}\n{e.text}" for e in doc.entries)
    dictionary: set[str] = set()
    if args.dictionary.is_file():
        dictionary = {w.strip().lower() for w in args.dictionary.read_text(errors="ignore").split()}

    def with_dictionary(text: str) -> float:
        tokens = words(text)
        known = sum(1 for t in tokens if t in vocab.counts or t in dictionary
                    or t.removesuffix("'s") in dictionary)
        return known / len(tokens)

    print(f"{'':8} {'corpus':>8} {'+inflections':>13} {'+dictionary':>12}")
    for name, text in (("raw", raw), ("cleaned", clean)):
        dict_share = f"{with_dictionary(text):.4f}" if dictionary else "n/a"
        print(f"{name:8} {word_share(text, vocab):8.4f} {word_share(text, vocab, inflections=True):13.4f} "
              f"{dict_share:>12}")
    print(f"tokens: raw {len(words(raw))}, cleaned {len(words(clean))}; dictionary: "
          f"{args.dictionary if dictionary else 'none found'}")


if __name__ == "__main__":
    main()
