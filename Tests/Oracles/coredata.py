#!/usr/bin/env python3
"""coredata.py COMMAND ARGS: Core Data SQLite stores as Python's sqlite3, uuid and plistlib (and the
shared tools/blob_examples.py) read or change them; the oracle of the iOS Tracker store tests.

uuids DB TABLE COLUMN ENT    the 16-byte blobs of COLUMN in TABLE's rows of entity ENT, as
                             upper-case UUIDs, by Z_PK
model-hashes DB              the model version hashes of Z_METADATA's property list (name=hex),
                             then `framework=` NSPersistenceFrameworkVersion
execute DB SQL...            runs each SQL statement and commits (breaking copies on purpose)
wal-copy DB TARGET SQL...    runs the statements with checkpoints off and copies DB and its
                             -wal to TARGET before closing: rows only in the WAL
archives TOOLS               blob_examples' string-array archive of MONDAY, FRIDAY and its
                             catalog colour archive of typeRed, as two lines of hex
unarchive TOOLS STRINGS COLOR  blob_examples' reading of the two archives
"""
import shutil, sqlite3, sys, uuid


def blob_examples(tools):
    sys.path.insert(0, tools)
    import blob_examples
    return blob_examples


command, args = sys.argv[1], sys.argv[2:]
if command == "uuids":
    db, table, column, ent = args
    con = sqlite3.connect(db)
    for (v,) in con.execute("SELECT %s FROM %s WHERE Z_ENT = %d ORDER BY Z_PK" % (column, table, int(ent))):
        if isinstance(v, bytes) and len(v) == 16:
            print(str(uuid.UUID(bytes=v)).upper())
elif command == "model-hashes":
    import plistlib
    con = sqlite3.connect(args[0])
    (pl,) = con.execute("SELECT Z_PLIST FROM Z_METADATA").fetchone()
    meta = plistlib.loads(pl)
    for k, v in sorted(meta['NSStoreModelVersionHashes'].items()):
        print(k + '=' + v.hex())
    print('framework=' + str(meta.get('NSPersistenceFrameworkVersion')))
elif command == "execute":
    c = sqlite3.connect(args[0])
    for statement in args[1:]:
        c.execute(statement)
    c.commit()
elif command == "wal-copy":
    c = sqlite3.connect(args[0])
    c.execute("PRAGMA wal_autocheckpoint=0")
    for statement in args[2:]:
        c.execute(statement)
    c.commit()
    for suffix in ('', '-wal'):
        shutil.copy(args[0] + suffix, args[1] + suffix)
    c.close()
elif command == "archives":
    B = blob_examples(args[0])
    sys.stdout.write(B.string_array_archive(['MONDAY', 'FRIDAY']).hex() + '\n'
                     + B.catalog_color_archive('typeRed', 0.992, 0.298, 0.286).hex())
elif command == "unarchive":
    b = blob_examples(args[0])
    print(b.unarchive(open(args[1], 'rb').read()))
    c = b.unarchive(open(args[2], 'rb').read())
    print(c['$class'], c['UIDynamicCatalogName'], round(c['UIRed'] * 255), c['NSRGB'])
else:
    sys.exit("unknown command " + command)
