#!/usr/bin/env python3
"""caldav_client.py COMMAND URL ...: another CalDAV client, on the python `caldav` library (never
TrackerPort's code), for the tests of `trackport calendar push/pull` against a real server.
Credentials come from the environment, CALDAV_USER and CALDAV_PASSWORD (never the command line,
where `ps` would show them); without CALDAV_USER no Authorization is sent. Prints JSON on stdout;
a failure (a status the server refused, an unreachable server) prints a line on stderr and exits 1.

week URL YYYY-MM-DD DAYS [--component VEVENT|VTODO]
        {"YYYY-MM-DD": [SUMMARY, ...sorted]} for DAYS days from the date: one calendar-query REPORT
        per day, each with that day's time-range, so the SERVER decides which objects (and which
        occurrences of a recurring one) fall on the day; nothing is expanded or filtered here.
list URL
        [{"href", "etag", "uid", "summary", "component"}] of every object, sorted by uid: one
        calendar-query REPORT (calendar-data and getetag). href is the path exactly as the server
        wrote it in the multistatus (Xandikos leaves "@" unescaped, Radicale escapes it as %40).
edit URL UID NEW-SUMMARY
        as a user's other client would: reads the object with that UID, changes its SUMMARY with
        the icalendar library (every other property kept) and PUTs it back with If-Match on the
        ETag it read; prints {"href", "etag"}.
add URL UID SUMMARY YYYY-MM-DD
        a foreign all-day VEVENT (no X-TRACKPORT-* property) on that day, stored by the library
        (href <URL><UID>.ics, If-None-Match: *); prints {"href", "etag"}.
mkcalendar URL
        MKCALENDAR of URL (a calendar collection); prints {"status": N}.
request METHOD URL [--body FILE] [--header "Name: value"]...
        one raw HTTP/1.1 request with the standard library (no redirect followed, no retry, Basic
        authorization from the environment); prints {"status", "headers" (names in lower case),
        "body"} whatever the status, for the tests' own PUTs and their checks of status codes.
"""
import base64
import datetime
import http.client
import json
import os
import sys
import urllib.parse

import caldav
import icalendar
from caldav.elements import cdav, dav


def client(url):
    user = os.environ.get("CALDAV_USER") or None
    password = os.environ.get("CALDAV_PASSWORD") if user else None
    return caldav.DAVClient(url=url, username=user, password=password)


def collection(url):
    c = client(url)
    return c, c.calendar(url=url)


def ics_time(day):
    return day.strftime("%Y%m%dT000000Z")


def query(component, start=None, end=None):
    """A calendar-query asking for calendar-data and getetag of every `component` (None: every
    object) whose time-range overlaps [start, end)."""
    inner = ""
    if component:
        time_range = f'<C:time-range start="{ics_time(start)}" end="{ics_time(end)}"/>' if start else ""
        inner = f'<C:comp-filter name="{component}">{time_range}</C:comp-filter>'
    return ('<?xml version="1.0" encoding="utf-8"?>'
            '<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
            '<D:prop><D:getetag/><C:calendar-data/></D:prop>'
            f'<C:filter><C:comp-filter name="VCALENDAR">{inner}</C:comp-filter></C:filter>'
            '</C:calendar-query>')


def report(c, url, body):
    """(href, etag, calendar text) of each object the REPORT answers, the href exactly as the
    multistatus spells it (the library's own reading decodes it)."""
    response = c.report(url, body, depth=1)
    if response.status != 207:
        raise caldav.error.ReportError(f"REPORT {url}: status {response.status}")
    for item in response.tree.iter("{DAV:}response"):
        href = item.findtext("{DAV:}href")
        etag = data = None
        for propstat in item.iter("{DAV:}propstat"):
            if " 200 " not in (propstat.findtext("{DAV:}status") or "") + " ":
                continue
            etag = propstat.findtext("{DAV:}prop/{DAV:}getetag") or etag
            data = propstat.findtext("{DAV:}prop/{urn:ietf:params:xml:ns:caldav}calendar-data") or data
        if href and data:
            yield href.strip(), etag, data


def main_component(text):
    cal = icalendar.Calendar.from_ical(text)
    for comp in cal.subcomponents:
        if comp.name != "VTIMEZONE":
            return comp
    return None


def week(url, first, days, component):
    # The time-range of day D is [D 00:00Z, D+1 00:00Z). An all-day event (DTSTART;VALUE=DATE)
    # has floating dates: RFC 4791 section 9.9 matches them in the collection's
    # calendar-timezone, and our collections have none, so both servers take them as UTC days:
    # an occurrence on day D spans [D 00:00Z, D+1 00:00Z) and overlaps exactly the range of day
    # D (the overlap test is start < occurrence end and end > occurrence start, so the ranges
    # of D-1 and D+1, which only touch it, do not match). With an RRULE the server expands the
    # rule itself (RRULE, RDATE, EXDATE) and answers the whole object when any occurrence
    # overlaps the day; which occurrence it was is the server's decision, not recomputed here.
    c, cal = collection(url)
    out = {}
    for i in range(days):
        day = first + datetime.timedelta(days=i)
        summaries = []
        for _, _, data in report(c, cal.url, query(component, day, day + datetime.timedelta(days=1))):
            comp = main_component(data)
            summaries.append(str(comp.get("SUMMARY", "")) if comp is not None else "")
        out[day.isoformat()] = sorted(summaries)
    return out


def listing(url):
    c, cal = collection(url)
    rows = []
    for href, etag, data in report(c, cal.url, query(None)):
        comp = main_component(data)
        rows.append({"href": str(href), "etag": etag,
                     "uid": str(comp.get("UID", "")) if comp is not None else "",
                     "summary": str(comp.get("SUMMARY", "")) if comp is not None else "",
                     "component": comp.name if comp is not None else ""})
    return sorted(rows, key=lambda r: (r["uid"], r["href"]))


def edit(url, uid, summary):
    """What another client does: reads the object (calendar-query), changes SUMMARY with the
    icalendar library (every other property kept) and PUTs it back with If-Match."""
    c, cal = collection(url)
    for href, etag, data in report(c, cal.url, query(None)):
        calendar = icalendar.Calendar.from_ical(data)
        comp = main_component(data)
        if comp is None or str(comp.get("UID", "")) != uid:
            continue
        for sub in calendar.subcomponents:
            if sub.name == comp.name and str(sub.get("UID", "")) == uid:
                sub["SUMMARY"] = icalendar.vText(summary)
        target = urllib.parse.urljoin(url, href)
        body = calendar.to_ical()
        parts = urllib.parse.urlsplit(target)
        connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=30)
        header = {"Content-Type": "text/calendar; charset=utf-8", "If-Match": etag}
        user = os.environ.get("CALDAV_USER")
        if user:
            token = base64.b64encode(f"{user}:{os.environ.get('CALDAV_PASSWORD', '')}".encode()).decode()
            header["Authorization"] = "Basic " + token
        connection.request("PUT", parts.path, body=body, headers=header)
        response = connection.getresponse()
        response.read()
        if response.status not in (200, 201, 204):
            raise RuntimeError(f"PUT {target}: status {response.status}")
        return {"href": parts.path, "etag": response.getheader("ETag")}
    raise LookupError(f"no object with UID {uid}")


def add(url, uid, summary, day):
    _, cal = collection(url)
    event = icalendar.Event()
    event.add("UID", uid)
    event.add("DTSTAMP", datetime.datetime.now(datetime.timezone.utc))
    event.add("DTSTART", day)
    event.add("DTEND", day + datetime.timedelta(days=1))
    event.add("SUMMARY", summary)
    calendar = icalendar.Calendar()
    calendar.add("PRODID", "-//TrackerPort tests//caldav_client.py//EN")
    calendar.add("VERSION", "2.0")
    calendar.add_component(event)
    obj = cal.add_event(calendar.to_ical().decode(), no_overwrite=True)
    return {"href": str(obj.url.path), "etag": obj.props.get(dav.GetEtag.tag)}


def mkcalendar(url):
    response = client(url).mkcalendar(url)
    if response.status not in (200, 201):
        raise caldav.error.MkcalendarError(f"MKCALENDAR {url}: status {response.status}")
    return {"status": response.status}


def request(method, url, body_file, headers):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=30)
    header = dict(h.split(":", 1) for h in headers)
    header = {name.strip(): value.strip() for name, value in header.items()}
    user = os.environ.get("CALDAV_USER")
    if user:
        token = base64.b64encode(f"{user}:{os.environ.get('CALDAV_PASSWORD', '')}".encode()).decode()
        header["Authorization"] = "Basic " + token
    body = open(body_file, "rb").read() if body_file else None
    path = parts.path + ("?" + parts.query if parts.query else "")
    connection.request(method, path, body=body, headers=header)
    response = connection.getresponse()
    text = response.read().decode("utf-8", "replace")
    return {"status": response.status, "headers": {k.lower(): v for k, v in response.getheaders()}, "body": text}


def main(argv):
    command, args = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    if command == "week" and len(args) in (3, 5):
        component = args[4] if len(args) == 5 and args[3] == "--component" else "VEVENT"
        return week(args[0], datetime.date.fromisoformat(args[1]), int(args[2]), component)
    if command == "list" and len(args) == 1:
        return listing(args[0])
    if command == "edit" and len(args) == 3:
        return edit(*args)
    if command == "add" and len(args) == 4:
        return add(args[0], args[1], args[2], datetime.date.fromisoformat(args[3]))
    if command == "mkcalendar" and len(args) == 1:
        return mkcalendar(args[0])
    if command == "request" and len(args) >= 2 and len(args) % 2 == 0:
        options = list(zip(args[2::2], args[3::2]))
        if all(name in ("--body", "--header") for name, _ in options):
            body = [value for name, value in options if name == "--body"]
            return request(args[0], args[1], body[-1] if body else None,
                           [value for name, value in options if name == "--header"])
    sys.exit(__doc__)


if __name__ == "__main__":
    try:
        result = main(sys.argv)
    except Exception as error:  # a refusal (DAVError) or no answer (the HTTP library's errors)
        sys.exit(f"caldav_client.py: {type(error).__name__}: {error}")
    print(json.dumps(result, ensure_ascii=False, sort_keys=True))
