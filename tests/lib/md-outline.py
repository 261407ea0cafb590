#!/usr/bin/env python3
"""Outline a Markdown document from cmark-gfm's XML (cmark-gfm -e table -t xml).

One line per block: "h3 <text>", "p <text>", "- <text>" for each list
item, "| a | b |" for each table row ("|=" for the header). Inline markup
is shown as **strong**, _emph_, `code`, [text](destination), <html>, so a
test can pin the structure a Markdown renderer sees, not the bytes.
"""
import sys
import xml.etree.ElementTree as ET

NS = "{http://commonmark.org/xml/1.0}"


def inline(node):
    tag = node.tag.replace(NS, "")
    inner = (node.text or "") if tag in ("text", "code", "html_inline") else ""
    inner += "".join(inline(child) for child in node)
    if tag == "strong":
        return f"**{inner}**"
    if tag == "emph":
        return f"_{inner}_"
    if tag == "code":
        return f"`{inner}`"
    if tag == "link":
        return f"[{inner}]({node.get('destination')})"
    if tag == "html_inline":
        return f"<html>{inner}"
    if tag in ("softbreak", "linebreak"):
        return " "
    return inner


def block(node, out):
    tag = node.tag.replace(NS, "")
    if tag == "heading":
        out.append(f"h{node.get('level')} {inline(node)}")
    elif tag == "paragraph":
        out.append(f"p {inline(node)}")
    elif tag == "list":
        for item in node:
            out.append("- " + " / ".join(inline(p) for p in item))
    elif tag == "table":
        for row in node:
            mark = "|=" if row.tag == NS + "table_header" else "|"
            out.append(mark + " " + " | ".join(inline(c) for c in row) + " |")
    else:
        out.append(f"{tag}")


def main():
    root = ET.parse(sys.stdin).getroot()
    out = []
    for child in root:
        block(child, out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
