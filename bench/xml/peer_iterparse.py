"""Python peer for bench/run-xml: read TrackerPort XML with xml.etree.ElementTree.iterparse and
build the same records trackport builds (a tuple per category, tracker, record and task),
clearing each element once read so memory stays flat, as a streaming reader should."""
import sys
import xml.etree.ElementTree as ET

NS = "{urn:trackport:1}"


def main(path):
    categories, trackers, records, tasks = [], [], [], []
    for _, element in ET.iterparse(path, events=("end",)):
        tag = element.tag
        if tag == NS + "record":
            a = element.attrib
            records.append((a["trackerId"], a["date"]))
        elif tag == NS + "tracker":
            a = element.attrib
            schedule = a.get("schedule")
            trackers.append((a["id"], a["kind"], a["name"], a["categoryId"], a.get("emoji"), a.get("color"),
                             schedule.split() if schedule is not None else None, a.get("date"),
                             a.get("pinned") == "true", a.get("createdOn")))
        elif tag == NS + "category" and "title" in element.attrib:
            categories.append((element.attrib["id"], element.attrib["title"]))
        elif tag == NS + "task":
            a = element.attrib
            tasks.append((a["id"], a["title"], a.get("description"), a.get("category"),
                          [r.attrib["at"] for r in element.findall(NS + "reminder")]))
        else:
            continue
        element.clear()
    print(len(categories), len(trackers), len(records), len(tasks), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
