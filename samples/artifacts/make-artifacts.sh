#!/usr/bin/env bash
# Remakes samples/artifacts/: small REAL built artifacts (what a build puts in front of a device),
# made with real tools from the sample projects in samples/projects/, so that importing an
# artifact can be checked against importing the project it was built from.
#
#   browser.apk   samples/projects/browser/app (src/main), Gradle variant stableRelease,
#                 applicationId org.example.browser. aapt2 compile + aapt2 link (binary XML
#                 manifest, resources.arsc).
#   browser.aab   The same inputs linked with `aapt2 link --proto-format` (protobuf XML manifest,
#                 resources.pb), arranged as an Android App Bundle with zip:
#                 base/manifest/AndroidManifest.xml, base/resources.pb, base/res/... No
#                 BundleConfig.pb (bundletool build-bundle would add one, and base/dex/ etc.).
#   chat.apk      samples/projects/chat/android/app (src/main; res/values and res/values-de, so
#                 the table has a German configuration), variant release, applicationId and
#                 namespace org.example.chat (app/build.gradle.kts).
#   media.apk     samples/projects/media/app (src/main), variant release, applicationId
#                 org.example.player.free, namespace org.example.player (app/build.gradle).
#   Chat.ipa      samples/projects/chat/ios (Chat.xcodeproj, configuration Release): zip of
#                 Payload/Chat.app/{Info.plist,PkgInfo} and
#                 Payload/Chat.app/PlugIns/ShareExtension.appex/{Info.plist,PkgInfo,
#                 de.lproj/InfoPlist.strings (binary plist)}.
#   PhotoBox.app/ samples/projects/photos-ios (PhotoBox.xcodeproj, Release), an unzipped bundle:
#                 PhotoBox.app/{Info.plist,PkgInfo} and PlugIns/PhotoBox.appex/{Info.plist,
#                 PkgInfo, de.lproj/InfoPlist.strings (binary plist), en.lproj/InfoPlist.strings
#                 (old-style text, UTF-16 with BOM)}. The appex is named PhotoBox.appex because
#                 the target's PRODUCT_NAME is PhotoBox (FULL_PRODUCT_NAME), although the
#                 pbxproj's file reference still says PhotoBoxShare.appex.
#
# Tools (as installed on the machine that made the committed copies):
#   aapt2 2.19-debian (/usr/bin/aapt2), linked against
#     /usr/share/android-framework-res/framework-res.apk (Debian android-framework-res, API 29,
#     Android 10: so the manifests' compileSdkVersion is 29, not the 33/34/35 the projects name);
#   aapt v0.2-debian (only to check that the APKs also read in the v1 tool);
#   ImageMagick 6.9.11-60 `convert` (the placeholder launcher icon);
#   plistutil 2.2.0 (libplist) for the binary plists; Python 3 (stdlib only: xml.etree,
#     plistlib) for the Gradle/Xcode reading and the manifest merge;
#   Info-ZIP zip 3.0 (`zip -X`, sorted entry lists) for the AAB and the IPA.
#
# What stands in for the build systems (see the Python helper below):
#   Android: what the Android Gradle plugin does before aapt2. The variant's applicationId,
#     namespace, minSdk, targetSdk, versionCode and versionName are read from the module's
#     build.gradle(.kts) (default variant: release build type with the first flavour of each
#     dimension). The merged manifest gets package="<applicationId>", ${applicationId}
#     placeholders substituted, relative class names (".Foo", "Foo") qualified against the
#     namespace (android:name of application/activity/activity-alias/service/receiver/
#     provider, application backupAgent, alias targetActivity), tools:* attributes and the
#     tools namespace dropped. Versions and SDK levels go to aapt2 link as
#     --min-sdk-version/--target-sdk-version/--version-code/--version-name (which is where
#     aapt2 writes <uses-sdk> and android:versionCode/versionName). Library manifests
#     (androidx) are not merged: their dependencies are not available here.
#   Resources a manifest names but the sample lacks are made in a TEMPORARY copy of the res
#     dir, never in samples/projects: @mipmap/@drawable icons become a real 8x8 PNG made with
#     ImageMagick (res/mipmap/ic_launcher.png), @style/... themes become minimal
#     <style name="X" parent="android:Theme.Material"/> entries (a dotted name whose prefix is
#     also made gets that prefix as parent) in res/values/zz_artifact_stubs.xml. Strings are
#     never invented: a missing @string fails the script.
#   APKs are unsigned and not zipaligned (no apksigner/zipalign here); the AAB is unsigned.
#   iOS: what Xcode's Info.plist processing does. Build settings come from the pbxproj
#     (project level, then target level, configuration Release) over Xcode's built-in ones
#     (TARGET_NAME, PRODUCT_NAME=$(TARGET_NAME), EXECUTABLE_NAME, PRODUCT_MODULE_NAME,
#     DEVELOPMENT_LANGUAGE=the project's developmentRegion, PRODUCT_BUNDLE_PACKAGE_TYPE APPL
#     for an app and XPC! for an app extension, ...). Every $(VAR)/${VAR} in a string is
#     expanded (":rfc1034identifier", ":c99extidentifier", ":lower", ":upper" understood; an
#     undefined setting expands to "" as in Xcode, with a note on stderr); $name without
#     brackets (NSPredicate variables) is left alone. Keys a product needs and the plist
#     lacks are filled from the settings as Xcode's generated Info.plist would
#     (CFBundleIdentifier, CFBundleExecutable, CFBundleName, CFBundlePackageType,
#     CFBundleDevelopmentRegion, CFBundleInfoDictionaryVersion 6.0,
#     CFBundleShortVersionString, CFBundleVersion), and the keys Xcode always adds are
#     written (CFBundleSupportedPlatforms, DTPlatformName, MinimumOSVersion, UIDeviceFamily).
#     Every app-extension target of the project is embedded in the app's PlugIns/ (the samples
#     have no Embed phase to read). There are no executables, storyboards, signatures or
#     provisioning profiles: only the metadata a share-target import reads.
#
# Deterministic where the tools allow: TZ=UTC, LC_ALL=C, every file and directory stamped
# 1980-01-01T00:00:00Z (the earliest time a ZIP's DOS date can hold; @0 would be clamped to
# it anyway), fixed permissions, sorted entry lists for zip, `zip -X` (no extra fields, no
# uid/gid). aapt2 writes its own ZIPs (fixed entry times).
#
# Usage: samples/artifacts/make-artifacts.sh   (from any directory; writes next to itself)
set -euo pipefail
export TZ=UTC LC_ALL=C
umask 022

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
projects=$(cd "$here/../projects" && pwd)
framework=/usr/share/android-framework-res/framework-res.apk
stamp=315532800  # 1980-01-01T00:00:00Z

for tool in aapt2 aapt convert plistutil zip unzip python3; do
  command -v "$tool" >/dev/null || { echo "make-artifacts: $tool is not installed" >&2; exit 1; }
done
[ -f "$framework" ] || { echo "make-artifacts: $framework is missing (apt install android-framework-res)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ---------------------------------------------------------------------------------------------
# The Python helper: Gradle and Xcode settings, the manifest merge, resource stubs, iOS bundles.
cat >"$work/helper.py" <<'PY'
import ast, os, plistlib, re, shlex, subprocess, sys
import xml.etree.ElementTree as ET

def die(msg):
    sys.exit("make-artifacts: " + msg)

def note(msg):
    print("make-artifacts: " + msg, file=sys.stderr)

# ----------------------------------------------------------------------------- Gradle
def strip_comments(src):
    """Drops // and /* */ comments outside string literals."""
    out, i, n, quote = [], 0, len(src), None
    while i < n:
        c = src[i]
        if quote:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(src[i + 1]); i += 2; continue
            if c == quote:
                quote = None
            i += 1
        elif c in "'\"":
            quote = c; out.append(c); i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i); i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2); i = n if j < 0 else j + 2
            out.append(" ")
        else:
            out.append(c); i += 1
    return "".join(out)

def matching_brace(text, open_at):
    depth, quote, i = 0, None, open_at
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\": i += 2; continue
            if c == quote: quote = None
        elif c in "'\"": quote = c
        elif c == "{": depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0: return i
        i += 1
    die("unbalanced braces in a Gradle file")

def top_level(text):
    """The text with every nested { ... } block removed (statements of this block only)."""
    out, i = [], 0
    while True:
        j = text.find("{", i)
        if j < 0:
            out.append(text[i:]); return "".join(out)
        out.append(text[i:j]); i = matching_brace(text, j) + 1

def blocks(text):
    """The nested blocks at the top level of text, in order: [(header, body)]."""
    found, i = [], 0
    while True:
        j = text.find("{", i)
        if j < 0: return found
        end = matching_brace(text, j)
        head = text[:j].rstrip().splitlines()[-1].strip() if text[:j].strip() else ""
        m = re.search(r'(?:create|register|getByName|named|maybeCreate)\(\s*["\']([\w-]+)["\']\s*\)\s*$|([\w-]+)\s*$', head)
        name = (m.group(1) or m.group(2)) if m else head
        found.append((name, text[j + 1:end])); i = end + 1

def block(text, name):
    for header, body in blocks(text):
        if header == name: return body
    return None

def evaluate(expr, variables, where):
    expr = expr.strip().rstrip(";").strip()
    if expr.startswith("(") and expr.endswith(")"): expr = expr[1:-1].strip()
    if len(expr) >= 2 and expr[0] == expr[-1] and expr[0] in "'\"":
        body = expr[1:-1]
        if expr[0] == '"':
            def rep(m):
                key = m.group(1) or m.group(2)
                if key not in variables: die(f"{where}: ${key} is not a value this script can evaluate")
                return str(variables[key])
            body = re.sub(r"\$\{(\w+)\}|\$(\w+)", rep, body)
        return body
    arithmetic = re.sub(r"[A-Za-z_]\w*", lambda m: str(variables[m.group(0)]) if m.group(0) in variables else "?", expr)
    if re.fullmatch(r"[0-9+\-*/() ]+", arithmetic):
        tree = ast.parse(arithmetic, mode="eval")
        return int(eval(compile(tree, where, "eval"), {"__builtins__": {}}))
    die(f"{where}: cannot evaluate {expr!r}")

def setting(text, names, variables, where):
    for name in names:
        for m in re.finditer(r"(?m)^\s*" + re.escape(name) + r"\b\s*(?:=\s*|\(\s*|[ \t]+)(.+?)\s*$", top_level(text)):
            value = m.group(1)
            if value.endswith(")") and value.count(")") > value.count("("): value = value[:-1]
            return evaluate(value, variables, where)
    return None

def gradle(path):
    src = strip_comments(open(path, encoding="utf-8").read())
    variables = {}
    for m in re.finditer(r"(?m)^\s*(?:val|var|def)\s+(\w+)\s*=\s*(.+?)\s*$", top_level(src)):
        variables[m.group(1)] = evaluate(m.group(2), variables, path)
    android = block(src, "android")
    if android is None: die(f"{path}: no android {{ }} block")
    default = block(android, "defaultConfig") or ""
    r = {
        "namespace": setting(android, ["namespace"], variables, path),
        "application_id": setting(default, ["applicationId"], variables, path),
        "min_sdk": setting(default, ["minSdkVersion", "minSdk"], variables, path),
        "target_sdk": setting(default, ["targetSdkVersion", "targetSdk"], variables, path),
        "version_code": setting(default, ["versionCode"], variables, path),
        "version_name": setting(default, ["versionName"], variables, path),
    }
    # The default variant: the release build type with the first flavour of each dimension.
    dims = []
    m = re.search(r"flavorDimensions\s*(?:\+=|\(|\s)\s*(.+)", top_level(android))
    if m: dims = re.findall(r"['\"]([\w-]+)['\"]", m.group(1))
    flavours = blocks(block(android, "productFlavors") or "")
    chosen = []
    for dim in dims or [None]:
        for name, body in flavours:
            d = setting(body, ["dimension"], variables, path)
            if dim is None or d == dim:
                chosen.append((name, body)); break
    suffix, flavour_id = "", None
    for name, body in chosen:  # the first dimension's flavour wins
        flavour_id = flavour_id or setting(body, ["applicationId"], variables, path)
        suffix += setting(body, ["applicationIdSuffix"], variables, path) or ""
        for key, names in (("version_code", ["versionCode"]), ("version_name", ["versionName"]),
                           ("min_sdk", ["minSdkVersion", "minSdk"]), ("target_sdk", ["targetSdkVersion", "targetSdk"])):
            v = setting(body, names, variables, path)
            if v is not None: r[key] = v
    release = block(block(android, "buildTypes") or "", "release") or ""
    suffix += setting(release, ["applicationIdSuffix"], variables, path) or ""
    r["application_id"] = (flavour_id or r["application_id"] or "") + suffix
    r["variant"] = "".join(n if i == 0 else n[:1].upper() + n[1:] for i, (n, _) in enumerate(chosen)) + ("Release" if chosen else "release")
    return r

# ----------------------------------------------------------------------------- manifest merge
A = "http://schemas.android.com/apk/res/android"
T = "http://schemas.android.com/tools"
PACKAGE_DEPENDENT = {("application", "name"), ("application", "backupAgent"), ("activity", "name"),
                     ("activity-alias", "name"), ("activity-alias", "targetActivity"), ("service", "name"),
                     ("receiver", "name"), ("provider", "name"), ("instrumentation", "name")}

def merge(src, out, namespace, application_id):
    ET.register_namespace("android", A)
    tree = ET.parse(src)
    root = tree.getroot()
    namespace = namespace or root.get("package")
    if not namespace: die(f"{src}: no namespace in the Gradle file and no package attribute")
    placeholders = {"applicationId": application_id, "packageName": application_id}
    def substitute(value):
        def rep(m):
            if m.group(1) not in placeholders:
                die(f"{src}: placeholder ${{{m.group(1)}}} has no value (manifestPlaceholders are not read)")
            return placeholders[m.group(1)]
        return re.sub(r"\$\{([^}]*)\}", rep, value)
    def walk(parent):
        for child in list(parent):
            if child.get(f"{{{T}}}node") == "remove":
                parent.remove(child); continue
            for key in list(child.attrib):
                if key.startswith(f"{{{T}}}"):
                    del child.attrib[key]; continue
                value = substitute(child.attrib[key])
                local = key.split("}")[-1]
                if key.startswith(f"{{{A}}}") and (child.tag, local) in PACKAGE_DEPENDENT and value:
                    if value.startswith("."): value = namespace + value
                    elif "." not in value: value = namespace + "." + value
                child.attrib[key] = value
            walk(child)
    for key in list(root.attrib):
        if key.startswith(f"{{{T}}}"): del root.attrib[key]
    walk(root)
    root.set("package", application_id)
    ET.indent(tree)
    tree.write(out, encoding="utf-8", xml_declaration=True)

# ----------------------------------------------------------------------------- resource stubs
def stubs(label, manifest, res, values_out, icons_out):
    text = open(manifest, encoding="utf-8").read()
    wanted = sorted(set(re.findall(r'"@(style|mipmap|drawable|string)/([\w.]+)"', text)))
    styles, strings, files = set(), set(), set()
    for d in sorted(os.listdir(res)):
        full = os.path.join(res, d)
        if d == "values" or d.startswith("values-"):
            for f in sorted(os.listdir(full)):
                if not f.endswith(".xml"): continue
                for el in ET.parse(os.path.join(full, f)).getroot():
                    if el.tag == "style": styles.add(el.get("name"))
                    if el.tag == "string" and d == "values": strings.add(el.get("name"))
        else:
            for f in os.listdir(full):
                files.add((d.split("-")[0], f.split(".")[0]))
    make_styles, icons = [], []
    for kind, name in wanted:
        if kind == "style" and name not in styles: make_styles.append(name)
        elif kind in ("mipmap", "drawable") and (kind, name) not in files: icons.append(f"{kind}/{name}")
        elif kind == "string" and name not in strings: die(f"{manifest}: @string/{name} is not in res/values")
    if make_styles:
        lines = ['<?xml version="1.0" encoding="utf-8"?>',
                 "<!-- Made by make-artifacts.sh: themes the manifest names that the sample does not define. -->",
                 "<resources>"]
        for name in sorted(make_styles):
            prefix = name.rsplit(".", 1)[0] if "." in name else None
            parent = prefix if prefix in make_styles or prefix in styles else "android:Theme.Material"
            lines.append(f'    <style name="{name}" parent="{parent}" />')
        lines.append("</resources>")
        open(values_out, "w", encoding="utf-8").write("\n".join(lines) + "\n")
        print(f"{label}: made styles " + ", ".join(sorted(make_styles)) + f" in res/values/{os.path.basename(values_out)}", file=sys.stderr)
    open(icons_out, "w").write("".join(i + "\n" for i in icons))

# ----------------------------------------------------------------------------- Xcode
def openstep(s):
    """An old-style (OpenStep) property list, as project.pbxproj is written."""
    i = 0
    def ws():
        nonlocal i
        while i < len(s):
            if s[i].isspace(): i += 1
            elif s.startswith("//", i):
                j = s.find("\n", i); i = len(s) if j < 0 else j + 1
            elif s.startswith("/*", i):
                i = s.index("*/", i + 2) + 2
            else: break
    def expect(c):
        nonlocal i
        ws()
        if s[i] != c: die(f"pbxproj: expected {c!r} at {i}, found {s[i:i+20]!r}")
        i += 1
    def value():
        nonlocal i
        ws()
        c = s[i]
        if c == "{":
            i += 1; d = {}
            while True:
                ws()
                if s[i] == "}": i += 1; return d
                k = value(); expect("="); d[k] = value(); expect(";")
        if c == "(":
            i += 1; a = []
            while True:
                ws()
                if s[i] == ")": i += 1; return a
                a.append(value()); ws()
                if s[i] == ",": i += 1
        if c == '"':
            i += 1; out = []
            while s[i] != '"':
                if s[i] == "\\":
                    e = s[i + 1]; i += 2
                    if e == "U": out.append(chr(int(s[i:i + 4], 16))); i += 4
                    else: out.append({"n": "\n", "t": "\t", "r": "\r"}.get(e, e))
                else:
                    out.append(s[i]); i += 1
            i += 1
            return "".join(out)
        m = re.compile(r"[A-Za-z0-9_$+/:.\-@]+").match(s, i)
        if not m: die(f"pbxproj: unexpected {s[i:i+20]!r}")
        i = m.end()
        return m.group(0)
    return value()

def identifier(value, allowed, lead_digit):
    out = re.sub(allowed, lambda m: "-" if lead_digit == "-" else "_", value)
    return ("_" + out) if lead_digit == "_" and out[:1].isdigit() else out

MODIFIERS = {
    "rfc1034identifier": lambda v: identifier(v, r"[^A-Za-z0-9.\-]", "-"),
    "c99extidentifier": lambda v: identifier(v, r"[^A-Za-z0-9_]", "_"),
    "identifier": lambda v: identifier(v, r"[^A-Za-z0-9_]", "_"),
    "lower": str.lower, "upper": str.upper,
}

class Settings:
    """Xcode's setting levels: built-ins, project, target (each may use $(inherited))."""
    def __init__(self, levels, where):
        self.levels, self.where, self.missing = levels, where, set()
    def raw(self, name, level):
        for lv in range(level, -1, -1):
            if name in self.levels[lv]:
                v = self.levels[lv][name]
                return (" ".join(v) if isinstance(v, list) else v), lv
        return None, -1
    def get(self, name, level=None, depth=0):
        level = len(self.levels) - 1 if level is None else level
        v, lv = self.raw(name, level)
        if v is None:
            self.missing.add(name); return ""
        return self.expand(v, lv, name, depth)
    def expand(self, text, level=None, current=None, depth=0):
        level = len(self.levels) - 1 if level is None else level
        if depth > 32: die(f"{self.where}: build settings refer to themselves ({current})")
        def rep(m):
            name, mods = (m.group(1) or m.group(3)), (m.group(2) or m.group(4) or "")
            if name == "inherited":
                v = self.get(current, level - 1, depth + 1) if current and level > 0 else ""
            else:
                v = self.get(name, None, depth + 1)
            for mod in filter(None, mods.split(":")):
                if mod not in MODIFIERS: die(f"{self.where}: unknown modifier :{mod}")
                v = MODIFIERS[mod](v)
            return v
        return re.sub(r"\$\((\w+)((?::\w+)*)\)|\$\{(\w+)((?::\w+)*)\}", rep, text)

def target_settings(project_dir, objects, root, target, configuration):
    def config(list_id):
        lst = objects[list_id]
        by_name = {objects[c]["name"]: objects[c] for c in lst["buildConfigurations"]}
        chosen = configuration if configuration in by_name else lst.get("defaultConfigurationName")
        return by_name[chosen].get("buildSettings", {}), chosen
    project = objects[root]
    project_level, _ = config(project["buildConfigurationList"])
    target_level, used = config(target["buildConfigurationList"])
    extension = target["productType"] == "com.apple.product-type.app-extension"
    builtins = {
        "TARGET_NAME": target["name"], "PROJECT_NAME": os.path.basename(project_dir.rstrip("/")).rsplit(".", 1)[0],
        "PRODUCT_NAME": "$(TARGET_NAME)", "EXECUTABLE_PREFIX": "", "EXECUTABLE_SUFFIX": "",
        "EXECUTABLE_NAME": "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)",
        "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
        "DEVELOPMENT_LANGUAGE": project.get("developmentRegion", "en"),
        "WRAPPER_EXTENSION": "appex" if extension else "app",
        "WRAPPER_NAME": "$(PRODUCT_NAME).$(WRAPPER_EXTENSION)", "FULL_PRODUCT_NAME": "$(WRAPPER_NAME)",
        "PRODUCT_BUNDLE_PACKAGE_TYPE": "XPC!" if extension else "APPL",
        "PRODUCT_TYPE": target["productType"], "CONFIGURATION": used,
        "PLATFORM_NAME": "iphoneos", "EFFECTIVE_PLATFORM_NAME": "-iphoneos", "SDKROOT": "iphoneos",
        "TARGETED_DEVICE_FAMILY": "1", "IPHONEOS_DEPLOYMENT_TARGET": "",
    }
    return Settings([builtins, project_level, target_level], f"{target['name']} ({used})"), used

def expand_values(value, settings):
    if isinstance(value, str): return settings.expand(value)
    if isinstance(value, list): return [expand_values(v, settings) for v in value]
    if isinstance(value, dict): return {k: expand_values(v, settings) for k, v in value.items()}
    return value

def write_binary_plist(data, path, work):
    xml = os.path.join(work, "plist.xml")
    with open(xml, "wb") as f: plistlib.dump(data, f, fmt=plistlib.FMT_XML, sort_keys=True)
    subprocess.run(["plistutil", "-i", xml, "-o", path, "-f", "bin"], check=True)
    with open(path, "rb") as f: raw = f.read()
    if not raw.startswith(b"bplist00") or plistlib.loads(raw) != data:
        die(f"{path}: plistutil's binary plist does not read back as written")
    os.remove(xml)

def info_plist(project_dir, settings):
    path = os.path.join(os.path.dirname(project_dir.rstrip("/")), settings.get("INFOPLIST_FILE"))
    with open(path, "rb") as f: info = plistlib.load(f)
    info = expand_values(info, settings)
    fill = {
        "CFBundleIdentifier": settings.get("PRODUCT_BUNDLE_IDENTIFIER"),
        "CFBundleExecutable": settings.get("EXECUTABLE_NAME"),
        "CFBundleName": settings.get("PRODUCT_NAME"),
        "CFBundlePackageType": settings.get("PRODUCT_BUNDLE_PACKAGE_TYPE"),
        "CFBundleDevelopmentRegion": settings.get("DEVELOPMENT_LANGUAGE"),
        "CFBundleInfoDictionaryVersion": "6.0",
        "CFBundleShortVersionString": settings.get("MARKETING_VERSION"),
        "CFBundleVersion": settings.get("CURRENT_PROJECT_VERSION"),
    }
    for key, value in fill.items():
        if key not in info and value: info[key] = value
    info["CFBundleSupportedPlatforms"] = ["iPhoneOS"]
    info["DTPlatformName"] = settings.get("PLATFORM_NAME")
    if settings.get("IPHONEOS_DEPLOYMENT_TARGET"): info["MinimumOSVersion"] = settings.get("IPHONEOS_DEPLOYMENT_TARGET")
    info["UIDeviceFamily"] = [int(x) for x in re.findall(r"\d+", settings.get("TARGETED_DEVICE_FAMILY"))]
    if settings.missing - {"inherited"}:
        note(f"{settings.where}: undefined build settings expanded to empty: {', '.join(sorted(settings.missing))}")
    return info, path

def ios(project_dir, app_name, out, configuration, localisations, work):
    pbx = os.path.join(project_dir, "project.pbxproj")
    doc = openstep(open(pbx, encoding="utf-8").read())
    objects, root = doc["objects"], doc["rootObject"]
    targets = [objects[t] for t in objects[root]["targets"]]
    app = next((t for t in targets if t["name"] == app_name), None)
    if not app: die(f"{pbx}: no target {app_name}")
    extensions = [t for t in targets if t["productType"] == "com.apple.product-type.app-extension"]
    bundles = []
    app_settings, used = target_settings(project_dir, objects, root, app, configuration)
    app_dir = os.path.join(out, app_settings.get("FULL_PRODUCT_NAME"))
    bundles.append((app, app_settings, app_dir))
    for ext in extensions:
        s, _ = target_settings(project_dir, objects, root, ext, configuration)
        bundles.append((ext, s, os.path.join(app_dir, "PlugIns", s.get("FULL_PRODUCT_NAME"))))
    for target, settings, bundle in bundles:
        os.makedirs(bundle, exist_ok=True)
        info, src = info_plist(project_dir, settings)
        write_binary_plist(info, os.path.join(bundle, "Info.plist"), work)
        with open(os.path.join(bundle, "PkgInfo"), "wb") as f:
            f.write((info["CFBundlePackageType"] + info.get("CFBundleSignature", "????")).encode("ascii"))
        note(f"{os.path.relpath(bundle, out)}: {info['CFBundleIdentifier']} from {os.path.relpath(src, os.path.dirname(project_dir))} ({used})")
        for spec in localisations:
            who, lang, form, pairs = spec.split(":", 3)
            if who != target["name"]: continue
            table = dict(p.split("=", 1) for p in pairs.split("|"))
            lproj = os.path.join(bundle, f"{lang}.lproj")
            os.makedirs(lproj, exist_ok=True)
            dest = os.path.join(lproj, "InfoPlist.strings")
            if form == "bin":
                write_binary_plist(table, dest, work)
            else:  # old-style text .strings, UTF-16 little-endian with a byte-order mark
                esc = lambda v: v.replace("\\", "\\\\").replace('"', '\\"')
                body = "/* Localized versions of Info.plist keys */\n\n" + "".join(
                    f'"{esc(k)}" = "{esc(v)}";\n' for k, v in sorted(table.items()))
                with open(dest, "wb") as f: f.write(b"\xff\xfe" + body.encode("utf-16-le"))

# ----------------------------------------------------------------------------- main
cmd, args = sys.argv[1], sys.argv[2:]
if cmd == "gradle":
    r = gradle(args[0])
    for k, v in r.items():
        if v is None and k != "namespace": die(f"{args[0]}: no {k}")
        print(f"{k}={shlex.quote('' if v is None else str(v))}")
elif cmd == "merge":
    merge(*args)
elif cmd == "stubs":
    stubs(*args)
elif cmd == "ios":
    project, app, out, configuration, work = args[:5]
    ios(project, app, out, configuration, args[5:], work)
else:
    die("unknown helper command " + cmd)
PY
helper() { python3 "$work/helper.py" "$@"; }

# Stamp a tree: fixed times and permissions, so zip sees the same thing every run.
settle() {
  find "$1" -type d -exec chmod 755 {} + -o -type f -exec chmod 644 {} +
  find "$1" -exec touch -h -d "@$stamp" {} +
}

# sorted_zip OUT DIR TOP [FIND-TESTS...]: a ZIP of DIR/TOP (paths relative to DIR), entries
# sorted, with no extra fields; FIND-TESTS (e.g. -type f) choose the entries.
sorted_zip() {
  local out=$1 dir=$2 top=$3; shift 3
  rm -f "$out"
  (cd "$dir" && find "$top" "$@" -print | sort | zip -X -q -9 "$out" -@)
}

# ---------------------------------------------------------------------------------------------
# Android: android_build NAME MODULE_DIR [aab]
android_build() {
  local name=$1 module=$2 bundle=${3:-}
  local w="$work/$name"
  mkdir -p "$w"
  local gradle_file settings variant application_id namespace min_sdk target_sdk version_code version_name
  gradle_file=$module/build.gradle
  [ -f "$gradle_file" ] || gradle_file=$module/build.gradle.kts
  settings=$(helper gradle "$gradle_file")  # a failure here stops the script (set -e)
  eval "$settings"
  echo "$name: variant $variant, applicationId $application_id, namespace ${namespace:-(from the manifest package)}," \
       "minSdk $min_sdk, targetSdk $target_sdk, versionCode $version_code, versionName $version_name" >&2

  # The merged manifest, as the Gradle plugin hands it to aapt2.
  helper merge "$module/src/main/AndroidManifest.xml" "$w/AndroidManifest.xml" "$namespace" "$application_id"

  # A temporary res dir: the sample's resources plus what the manifest names but the sample lacks.
  # It sits at the project-relative path (e.g. chat/android/app/src/main/res) and is compiled from
  # $w, because aapt2 records each resource's source path (resources.pb keeps it): a relative
  # path keeps the mktemp name out of the artifact.
  local res=${module#"$projects"/}/src/main/res
  mkdir -p "$w/${res%/res}"
  cp -R "$module/src/main/res" "$w/$res"
  helper stubs "$name" "$w/AndroidManifest.xml" "$w/$res" "$w/$res/values/zz_artifact_stubs.xml" "$w/icons"
  while read -r icon; do
    [ -n "$icon" ] || continue
    # The sample has no launcher icon: a real 8x8 PNG so that @mipmap/... links.
    mkdir -p "$w/$res/${icon%/*}"
    convert -size 8x8 xc:'#1E88E5' -strip -define png:exclude-chunks=date,time "PNG24:$w/$res/$icon.png"
    echo "$name: made $icon.png (8x8, ImageMagick)" >&2
  done <"$w/icons"
  settle "$w/$res"

  (cd "$w" && aapt2 compile --dir "$res" -o compiled.zip)
  local link=(aapt2 link -I "$framework" --manifest "$w/AndroidManifest.xml"
              --min-sdk-version "$min_sdk" --target-sdk-version "$target_sdk"
              --version-code "$version_code" --version-name "$version_name")
  "${link[@]}" -o "$here/$name.apk" "$w/compiled.zip"
  aapt dump badging "$here/$name.apk" >/dev/null  # also reads in aapt v1

  if [ -n "$bundle" ]; then
    # The App Bundle: the proto-format link output under base/ (bundletool's module layout).
    "${link[@]}" --proto-format -o "$w/proto.zip" "$w/compiled.zip"
    mkdir -p "$w/aab/base/manifest"
    unzip -q "$w/proto.zip" -d "$w/proto"
    mv "$w/proto/AndroidManifest.xml" "$w/aab/base/manifest/AndroidManifest.xml"
    mv "$w/proto/resources.pb" "$w/aab/base/resources.pb"
    if [ -d "$w/proto/res" ]; then mv "$w/proto/res" "$w/aab/base/res"; fi
    [ -z "$(ls -A "$w/proto")" ] || { echo "make-artifacts: unexpected proto link output: $(ls -A "$w/proto")" >&2; exit 1; }
    settle "$w/aab"
    sorted_zip "$here/$name.aab" "$w/aab" base -type f  # bundletool writes no directory entries
  fi
}

rm -rf "$here/browser.apk" "$here/browser.aab" "$here/chat.apk" "$here/media.apk" "$here/Chat.ipa" "$here/PhotoBox.app"
android_build browser "$projects/browser/app" aab
android_build chat "$projects/chat/android/app"
android_build media "$projects/media/app"

# ---------------------------------------------------------------------------------------------
# iOS
mkdir -p "$work/ipa/Payload" "$work/photobox"
helper ios "$projects/chat/ios/Chat.xcodeproj" Chat "$work/ipa/Payload" Release "$work" \
  "ShareExtension:de:bin:CFBundleDisplayName=An Chat senden"
settle "$work/ipa"
sorted_zip "$here/Chat.ipa" "$work/ipa" Payload

helper ios "$projects/photos-ios/PhotoBox.xcodeproj" PhotoBox "$work/photobox" Release "$work" \
  "PhotoBoxShare:de:bin:CFBundleDisplayName=In PhotoBox sichern" \
  "PhotoBoxShare:en:text:CFBundleDisplayName=PhotoBox"
settle "$work/photobox"
cp -pR "$work/photobox/PhotoBox.app" "$here/PhotoBox.app"

touch -d "@$stamp" "$here"/*.apk "$here"/*.aab "$here"/*.ipa
(cd "$here" && ls -l browser.apk browser.aab chat.apk media.apk Chat.ipa && find PhotoBox.app -type f | sort | xargs ls -l)
