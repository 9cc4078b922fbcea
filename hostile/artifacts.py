"""Generators of hostile built artifacts for hostile/run.py: Android's binary XML and resource
tables, App Bundle protocol buffers, binary property lists and the ZIP files around them.

Standard library only (struct, zlib). Each writer emits the smallest structure share-route's readers
accept (Sources/ShareRouting/Manifests/Artifacts, Sources/ShareArchives): the hostile part is in
what the caller puts in it. Repetition is built by multiplying bytes, so a 100 MB member costs a
second, and deflate packs it to a fraction of a percent.
"""
import struct, zlib

ANDROID = "http://schemas.android.com/apk/res/android"

# ---------------------------------------------------------------- Android binary XML (ResXMLTree)
# Chunk types (AOSP ResourceTypes.h): string pool, XML tree, namespace start/end, element start/end.
RES_STRING_POOL, RES_XML, XML_START_NS, XML_END_NS, XML_START, XML_END = 0x0001, 0x0003, 0x0100, 0x0101, 0x0102, 0x0103
TYPE_REFERENCE, TYPE_STRING, TYPE_BOOLEAN = 0x01, 0x03, 0x12
NONE = 0xFFFF_FFFF


def string_pool(strings):
    """A UTF-16 string pool chunk (UTF-16 lengths reach 2^31 units; UTF-8 ones stop at 32,767)."""
    offsets, data = [], bytearray()
    for text in strings:
        offsets.append(len(data))
        units = len(text.encode("utf-16-le")) // 2
        data += struct.pack("<HH", 0x8000 | units >> 16, units & 0xFFFF) if units > 0x7FFF else struct.pack("<H", units)
        data += text.encode("utf-16-le") + b"\0\0"
    data += b"\0" * (-len(data) % 4)
    start = 28 + 4 * len(strings)
    return struct.pack("<HHIIIIII", RES_STRING_POOL, 28, start + len(data), len(strings), 0, 0, start, 0) \
        + struct.pack(f"<{len(strings)}I", *offsets) + bytes(data)


class Pool:
    """Strings by first use: index(text) is a string's place in the pool."""
    def __init__(self):
        self.strings, self.places = [], {}

    def index(self, text):
        if text not in self.places:
            self.places[text] = len(self.strings)
            self.strings.append(text)
        return self.places[text]


def attribute(pool, namespace, name, value):
    """One ResXMLTree_attribute: a str value is a string, a bool a Boolean, an int a reference."""
    ns = pool.index(namespace) if namespace else NONE
    if isinstance(value, bool):
        raw, kind, data = NONE, TYPE_BOOLEAN, NONE if value else 0
    elif isinstance(value, int):
        raw, kind, data = NONE, TYPE_REFERENCE, value
    else:
        raw = data = pool.index(value)
        kind = TYPE_STRING
    return struct.pack("<IIIHBBI", ns, pool.index(name), raw, 8, 0, kind, data)


def start_element(pool, name, attributes=b"", count=0):
    """ResXMLTree_node + ResXMLTree_attrExt; `attributes` are `count` packed attribute records."""
    return struct.pack("<HHIIIIIHHHHHH", XML_START, 16, 36 + len(attributes), 1, NONE, NONE, pool.index(name), 20, 20, count, 0, 0, 0) + attributes


def end_element(pool, name):
    return struct.pack("<HHIIIII", XML_END, 16, 24, 1, NONE, NONE, pool.index(name))


def namespace(pool, kind, prefix, uri):
    return struct.pack("<HHIIIII", kind, 16, 24, 1, NONE, pool.index(prefix), pool.index(uri))


def binary_xml(pool, body, prefixes=(("android", ANDROID),)):
    """A compiled XML document: the pool, the namespace declarations around `body` (its chunks)."""
    opening = b"".join(namespace(pool, XML_START_NS, p, u) for p, u in prefixes)
    closing = b"".join(namespace(pool, XML_END_NS, p, u) for p, u in reversed(prefixes))
    chunks = opening + body + closing  # the pool is complete once the body was made
    pool_chunk = string_pool(pool.strings)
    return struct.pack("<HHI", RES_XML, 8, 8 + len(pool_chunk) + len(chunks)) + pool_chunk + chunks


def compile_xml(root, prefixes=(("android", ANDROID),)):
    """An element tree as compiled XML: (name, [(namespace or None, name, value)], [children])."""
    pool = Pool()
    for prefix, uri in prefixes:
        pool.index(prefix), pool.index(uri)
    out = []
    def emit(node):
        name, attributes, children = node
        out.append(start_element(pool, name, b"".join(attribute(pool, *a) for a in attributes), len(attributes)))
        for child in children:
            emit(child)
        out.append(end_element(pool, name))
    emit(root)
    return binary_xml(pool, b"".join(out), prefixes)


def share_manifest(package="org.hostile", mime="image/*", activity=".Share"):
    """An APK's manifest with one share target: SEND of `mime` to `activity`."""
    a = lambda name, value: (ANDROID, name, value)
    return compile_xml(("manifest", [(None, "package", package)], [("application", [a("label", "Hostile")], [
        ("activity", [a("name", activity), a("exported", True), a("label", "Hostile " + mime)], [
            ("intent-filter", [], [("action", [a("name", "android.intent.action.SEND")], []),
                                   ("category", [a("name", "android.intent.category.DEFAULT")], []),
                                   ("data", [a("mimeType", mime)], [])])])])]))


def deep_long_names(depth, name_length, attributes_per_element):
    """A <manifest> (no package: an error once read) with `depth` levels under it, every element
    named by ONE pool string of `name_length` characters and carrying `attributes_per_element`
    attributes. A reader that keeps each element's and attribute's place as a string of all its
    ancestors' names keeps depth² / 2 × name_length × (attributes + 1) bytes."""
    pool = Pool()
    pool.index("android"), pool.index(ANDROID)
    long = "n" * name_length
    attrs = b"".join(attribute(pool, None, f"a{i}", "v") for i in range(attributes_per_element))
    opening = start_element(pool, "manifest")
    level = start_element(pool, long, attrs, attributes_per_element)
    body = opening + level * depth + end_element(pool, long) * depth + end_element(pool, "manifest")
    return binary_xml(pool, body)


def long_attribute_names(count, name_length, per_element=50_000):
    """A <manifest> (no package) whose elements carry `count` attributes in all, each named by ONE
    pool string of `name_length` characters (at most 65,535 attributes fit in one element)."""
    pool = Pool()
    pool.index("android"), pool.index(ANDROID)
    record = attribute(pool, None, "a" * name_length, "v")
    body, left = [start_element(pool, "manifest")], count
    names = []
    while left:
        n = min(left, per_element)
        names.append(f"e{len(names)}")
        body.append(start_element(pool, names[-1], record * n, n))
        left -= n
    body += [end_element(pool, n) for n in reversed(names)] + [end_element(pool, "manifest")]
    return binary_xml(pool, b"".join(body))


def many_references(count, first_id=0x7F01_0000):
    """A <manifest> (no package) with `count` attributes, attribute i a reference to first_id + i."""
    pool = Pool()
    pool.index("android"), pool.index(ANDROID)
    attrs = b"".join(attribute(pool, None, f"r{i}", first_id + i) for i in range(count))
    return binary_xml(pool, start_element(pool, "manifest", attrs, count) + end_element(pool, "manifest"))


# ---------------------------------------------------------------- resources.arsc (ResTable)
def resource_table_of_empty_chunks(chunks, package_id=0x7F, type_id=1):
    """A resources.arsc whose package holds `chunks` type chunks (configurations) of one type,
    each the smallest a reader takes: a 12-byte config, no entries. Looking an id up reads them all."""
    table_pool = string_pool([])
    # ResTable_type: header (8), id, flags, reserved, entryCount, entriesStart; then ResTable_config.
    type_chunk = struct.pack("<HHIBBHII", 0x0201, 32, 32, type_id, 0, 0, 0, 32) + struct.pack("<III", 12, 0, 0)
    name = "hostile".encode("utf-16-le").ljust(256, b"\0")
    # ResTable_package: header, id, name (128 UTF-16 units), 4 pool offsets, lastPublicKey, typeIdOffset.
    package_header = struct.pack("<HHII", 0x0200, 288, 288 + len(type_chunk) * chunks, package_id) + name + struct.pack("<IIIII", 0, 0, 0, 0, 0)
    package = package_header + type_chunk * chunks
    return struct.pack("<HHII", 0x0002, 12, 12 + len(table_pool) + len(package), 1) + table_pool + package


# ---------------------------------------------------------------- protocol buffers (aapt2 Resources.proto)
def varint(value):
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def field(number, payload):
    """A length-delimited field (wire type 2) holding bytes or a nested message."""
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def number_field(number, value):
    """A varint field (wire type 0)."""
    return varint(number << 3) + varint(value)


def proto_element(name, attributes=(), children=(), declarations=()):
    """aapt2's XmlNode holding an XmlElement: declarations (prefix, uri), attributes
    (namespace, name, value), children (XmlNode bytes)."""
    element = b"".join(field(1, field(1, p.encode()) + field(2, u.encode())) for p, u in declarations)
    element += field(3, name.encode())
    element += b"".join(field(4, field(1, ns.encode()) + field(2, n.encode()) + field(3, v.encode())) for ns, n, v in attributes)
    element += b"".join(field(5, child) for child in children)
    return field(1, element)


def proto_share_manifest(package="org.hostile.bundle"):
    """An App Bundle's base/manifest/AndroidManifest.xml with one share target (image/*)."""
    a = lambda name, value: (ANDROID, name, value)
    leaf = lambda name, attrs=(): proto_element(name, attrs)
    return proto_element("manifest", [("", "package", package)], [proto_element("application", [], [
        proto_element("activity", [a("name", ".Share"), a("exported", "true")], [
            proto_element("intent-filter", [], [leaf("action", [a("name", "android.intent.action.SEND")]),
                                                leaf("category", [a("name", "android.intent.category.DEFAULT")]),
                                                leaf("data", [a("mimeType", "image/*")])])])])],
        declarations=[("android", ANDROID)])


def proto_resources_many_values(entries, values_per_entry):
    """A base/resources.pb of one package (0x7f) and type (1) whose `entries` entries each hold
    `values_per_entry` configuration values, every one the string "x" in the default configuration
    (ConfigValue{value: Value{item: Item{str: String{value: "x"}}}}: 11 bytes a value)."""
    config_value = field(6, field(2, field(4, field(2, field(1, b"x")))))
    entry = lambda i: field(3, field(1, number_field(1, i)) + config_value * values_per_entry)
    type_message = field(1, number_field(1, 1)) + b"".join(entry(i) for i in range(entries))
    package = field(1, number_field(1, 0x7F)) + field(3, type_message)
    return field(2, package)


def proto_deep_declarations(depth, per_level):
    """An App Bundle manifest nested `depth` levels, every element declaring `per_level` namespaces
    of its own (distinct URIs): a reader that copies its parent's table at each level holds
    depth² / 2 × per_level entries."""
    # Each element's child is its last field, so the document is every level's head (its
    # declarations and name) in order, each behind two length prefixes: sizes first, deepest up.
    heads = [b"".join(field(1, field(1, b"p") + field(2, f"u{level:x}.{i:x}".encode())) for i in range(per_level))
             + field(3, b"manifest" if level == 0 else b"x") for level in range(depth)]
    sizes, inner = [0] * depth, 0  # inner: the size of the XmlNode below the level
    for level in reversed(range(depth)):
        element = len(heads[level]) + (len(varint(0x2A)) + len(varint(inner)) + inner if inner else 0)
        sizes[level] = element
        inner = 1 + len(varint(element)) + element
    out = bytearray()
    for level in range(depth):
        out += varint(1 << 3 | 2) + varint(sizes[level]) + heads[level]
        if level + 1 < depth:
            out += varint(5 << 3 | 2) + varint(1 + len(varint(sizes[level + 1])) + sizes[level + 1])
    return bytes(out)


# ---------------------------------------------------------------- binary property lists (bplist00)
def bplist(objects, top=0):
    """A bplist00 of already-encoded objects (references 1 byte wide: at most 256 objects)."""
    assert len(objects) <= 256
    data, offsets = bytearray(b"bplist00"), []
    for obj in objects:
        offsets.append(len(data))
        data += obj
    width = 4 if len(data) > 0xFFFF else 2
    table = len(data)
    for offset in offsets:
        data += offset.to_bytes(width, "big")
    return bytes(data) + bytes(6) + bytes([width, 1]) + struct.pack(">QQQ", len(objects), top, table)


def bp_size(marker, count):
    """A marker byte with its count: in the low nibble, or as an integer object after 0xF."""
    if count < 15:
        return bytes([marker | count])
    return bytes([marker | 0xF, 0x12]) + struct.pack(">I", count)


def bp_string(text):
    return bp_size(0x50, len(text)) + text.encode("ascii")


def bp_collection(marker, references):
    return bp_size(marker, len(references)) + bytes(references)


def bp_dict(pairs):
    """pairs: [(key reference, value reference)]."""
    return bp_size(0xD0, len(pairs)) + bytes(k for k, _ in pairs) + bytes(v for _, v in pairs)


def shared_string_plist(string_length, uses):
    """An extension's Info.plist (binary) whose NSExtension holds an array of `uses` references to
    ONE string of `string_length` bytes: a reader that decodes a string at each reference makes
    uses × string_length bytes of it. With 1-byte references the file is string_length + uses."""
    o = [bp_dict([(1, 2), (3, 4)]),                      # 0: top
         bp_string("CFBundleIdentifier"), bp_string("org.hostile.shared"),  # 1, 2
         bp_string("NSExtension"),                      # 3
         bp_dict([(5, 6), (7, 8), (9, 10)]),             # 4: NSExtension
         bp_string("NSExtensionPointIdentifier"), bp_string("com.apple.share-services"),  # 5, 6
         bp_string("NSExtensionAttributes"),             # 7
         bp_dict([(11, 12)]),                           # 8: attributes
         bp_string("Padding"), bp_collection(0xA0, [13] * uses),  # 9, 10
         bp_string("NSExtensionActivationRule"), bp_string("TRUEPREDICATE"),  # 11, 12
         bp_string("s" * string_length)]                 # 13: the shared string
    return bplist(o)


def padded_share_plist(size):
    """An XML Info.plist of exactly `size` bytes: a share extension, then whitespace (deflates ~1000:1)."""
    head = (b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
            b"<key>CFBundleIdentifier</key><string>org.hostile.shared.member</string>"
            b"<key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key>"
            b"<string>TRUEPREDICATE</string></dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict>")
    tail = b"</dict></plist>\n"
    return head + b" " * (size - len(head) - len(tail)) + tail


def xml_share_plist(label, bundle_id="org.hostile.linked"):
    """An XML Info.plist of a share extension labelled `label`."""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
            f"<key>CFBundleIdentifier</key><string>{bundle_id}</string><key>CFBundleDisplayName</key><string>{label}</string>"
            f"<key>CFBundleName</key><string>{label}</string><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict>"
            f"<key>NSExtensionActivationRule</key><string>TRUEPREDICATE</string></dict>"
            f"<key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict></dict></plist>\n").encode()


# ---------------------------------------------------------------- ZIP (PKWARE APPNOTE 4.3)
def deflate(data):
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    return packer.compress(data) + packer.flush()


def zip_archive(members, directory=None):
    """A ZIP file. members: [(local name, data)] (each deflated, its local header written once);
    directory: [(central directory name, member index)], by default each member under its own
    name. The directory may name a member twice or under another name than its local header's."""
    out, records = bytearray(), []
    for name, data in members:
        packed = deflate(data)
        crc = zlib.crc32(data)
        records.append((len(out), crc, len(packed), len(data)))
        encoded = name.encode()
        # signature, version, flags, method 8, time, date (1980-01-01), crc, sizes, name and extra lengths
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(packed), len(data), len(encoded), 0) + encoded + packed
    start = len(out)
    directory = directory if directory is not None else [(name, i) for i, (name, _) in enumerate(members)]
    for name, index in directory:
        offset, crc, packed, size = records[index]
        encoded = name.encode()
        out += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, crc, packed, size, len(encoded), 0, 0, 0, 0, 0, offset) + encoded
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(directory), len(directory), len(out) - start, start, 0)
    return bytes(out)


def padded_table(arsc, pad):
    """A real resources.arsc with an unknown chunk of `pad` zero bytes added inside its table chunk
    (readers skip unknown chunks): an honest-looking member that needs `pad` bytes to read."""
    _, _, size = struct.unpack_from("<HHI", arsc, 0)
    chunk = struct.pack("<HHI", 0x7777, 8, 8 + pad) + bytes(pad)
    return arsc[:4] + struct.pack("<I", size + len(chunk)) + arsc[8:] + chunk
