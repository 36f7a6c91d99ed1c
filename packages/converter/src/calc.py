"""Spreadsheet to PDF through LibreOffice's UNO API, with the whole text of every cell.

LibreOffice's plain `--convert-to pdf` keeps the workbook's print layout: a wide sheet spreads over pages in an order
that puts the data far past the preview cap, the default header and footer print the stored file's name, and text
overflowing into a filled neighbour is clipped (and so missing from the PDF's text). Here every sheet is laid out to
fit the page width (landscape when wide), its first row repeated on every page, without header or footer, and the
cells' full strings are written beside the PDF for the search index.

The first page is exported on its own first, to `<output pdf>.first.pdf`, and announced with a line `first-page` on
standard output, so that the caller shows it while the whole document is exported.

Usage: python3 calc.py <profile dir> <input> <output pdf> <output text> [csv filter options]
"""

import os
import pathlib
import signal
import subprocess
import sys
import time

# The first line announcing the first page's PDF (office.ts reads it).
FIRST_PAGE = "first-page"

# Index text is capped: a sheet of a million cells says nothing more to search than its first few megabytes.
MAX_TEXT_CHARS = 4_000_000


def start_office(profile):
    """Starts the office listening on a pipe of its own. It starts before the `uno` module is imported (a tenth of a
    second), which then happens while the office is starting."""
    pipe = "wenku" + str(os.getpid())
    office = subprocess.Popen(
        [
            "soffice",
            "--headless",
            "--norestore",
            "--nologo",
            "--nodefault",
            "-env:UserInstallation=" + pathlib.Path(os.path.abspath(profile)).as_uri(),
            "--accept=pipe,name=" + pipe + ";urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return office, pipe


def stop(office):
    """Ends the office at once: the profile is a scratch folder and the document was opened read-only, so nothing is
    left to save, and LibreOffice's orderly shutdown (close, terminate, wait) costs a quarter of a second or more.
    `soffice` is a wrapper (oosplash) whose child soffice.bin does the work: both are killed."""
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/" + entry + "/stat", "rb") as f:
                    # The parent's pid follows the state, after the command's name in parentheses.
                    if int(f.read().rsplit(b")", 1)[1].split()[1]) == office.pid:
                        children.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    for pid in children:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    office.kill()
    office.wait()


if __name__ == "__main__":
    OFFICE, PIPE = start_office(sys.argv[1])

try:
    import uno
    from com.sun.star.beans import PropertyValue
    from com.sun.star.table import CellRangeAddress
except ImportError:
    # Another Python without the bridge: the office started for nothing is not left running.
    if __name__ == "__main__":
        stop(OFFICE)
    raise


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(office, pipe):
    resolver = uno.getComponentContext().ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", uno.getComponentContext()
    )
    deadline = time.time() + 60
    while True:
        try:
            ctx = resolver.resolve("uno:pipe,name=" + pipe + ";urp;StarOffice.ComponentContext")
            return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        except Exception:
            if time.time() > deadline or office.poll() is not None:
                raise
            # A failed attempt costs little; the office listens about when it has started, so look often.
            time.sleep(0.02)


def cell_text(value):
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def used_range(sheet):
    cursor = sheet.createCursor()
    cursor.gotoStartOfUsedArea(False)
    cursor.gotoEndOfUsedArea(True)
    return cursor.getRangeAddress()


def lay_out(doc, sheet, area, cells):
    style = doc.StyleFamilies.getByName("PageStyles").getByName(sheet.PageStyle)
    style.HeaderIsOn = False
    style.FooterIsOn = False
    # Wider than a portrait page's printable width: turn the page rather than shrink the type to nothing. (The used
    # range's size in one call: a call per column is a round trip to the office each.)
    width = cells.Size.Width
    printable = style.Width - style.LeftMargin - style.RightMargin
    if width > printable and not style.IsLandscape:
        w, h = style.Width, style.Height
        style.IsLandscape = True
        style.Width, style.Height = max(w, h), min(w, h)
    style.ScaleToPagesX = 1
    style.ScaleToPagesY = 0
    if area.EndRow > area.StartRow:
        titles = CellRangeAddress()
        titles.Sheet = area.Sheet
        titles.StartRow = titles.EndRow = area.StartRow
        titles.StartColumn, titles.EndColumn = area.StartColumn, area.EndColumn
        sheet.setTitleRows(titles)
        sheet.setPrintTitleRows(True)


def export(doc, path, *filter_data):
    options = [prop("FilterName", "calc_pdf_Export")]
    if filter_data:
        options.append(prop("FilterData", uno.Any("[]com.sun.star.beans.PropertyValue", tuple(filter_data))))
    doc.storeToURL(uno.systemPathToFileUrl(os.path.abspath(path)), tuple(options))


def main(office, pipe):
    source, pdf, text_out = sys.argv[2:5]
    csv_options = sys.argv[5] if len(sys.argv) > 5 else ""
    try:
        desktop = connect(office, pipe)
        load = [prop("Hidden", True), prop("ReadOnly", True)]
        if csv_options:
            load += [prop("FilterName", "Text - txt - csv (StarCalc)"), prop("FilterOptions", csv_options)]
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(os.path.abspath(source)), "_blank", 0, tuple(load))
        if doc is None or not hasattr(doc, "Sheets"):
            raise SystemExit("Error: not a spreadsheet")
        sheets = doc.Sheets
        ranges = []
        for i in range(sheets.Count):
            sheet = sheets.getByIndex(i)
            area = used_range(sheet)
            cells = sheet.getCellRangeByPosition(area.StartColumn, area.StartRow, area.EndColumn, area.EndRow)
            lay_out(doc, sheet, area, cells)
            ranges.append(cells)
        # The page a reader sees first, before the rest of the work: the first page alone exports in a fraction of
        # the whole document's time. (Every sheet is laid out first: the first page is the first sheet that prints.)
        try:
            export(doc, pdf + ".first.pdf", prop("PageRange", "1"))
            sys.stdout.write(FIRST_PAGE + "\n")
            sys.stdout.flush()
        except Exception:
            pass  # nothing that prints (an empty workbook): the whole export below says what it has
        parts, size = [], 0
        for cells in ranges:
            if size >= MAX_TEXT_CHARS:
                break
            for row in cells.getDataArray():
                line = " ".join(t for t in (cell_text(v).strip() for v in row) if t)
                if line:
                    parts.append(line)
                    size += len(line) + 1
                    if size >= MAX_TEXT_CHARS:
                        break
        with open(text_out, "w", encoding="utf-8") as f:
            f.write("\n".join(parts))
        export(doc, pdf)
    finally:
        stop(office)


if __name__ == "__main__":
    main(OFFICE, PIPE)
