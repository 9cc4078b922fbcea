#!/usr/bin/env python3
"""Writes the project.pbxproj files of the iOS sample projects under samples/projects/.

Each project is written the way Xcode 15/16 writes one (objectVersion 56, sections with
`/* Begin … section */` comments, 24-hex-digit object ids, `/* Name */` annotations), with an
app target and a share or action extension target whose build settings decide the extension's
bundle identifier and name. Object ids are derived from names, so the output is stable.

Run from anywhere: python3 samples/projects/make-xcode-projects.py
"""
import hashlib
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def oid(*parts):
    return hashlib.sha1("/".join(parts).encode()).hexdigest()[:24].upper()


def quote(value):
    if value and all(c.isalnum() or c in "_$/:.-+" for c in value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def settings_text(settings, indent):
    pad = "\t" * indent
    lines = []
    for key in sorted(settings):
        value = settings[key]
        if isinstance(value, list):
            lines.append(f"{pad}{key} = (")
            lines += [f"{pad}\t{quote(v)}," for v in value]
            lines.append(f"{pad});")
        else:
            lines.append(f"{pad}{key} = {quote(value)};")
    return "\n".join(lines)


def project(name, targets, project_settings, xcconfigs=(), project_base=None):
    """targets: list of dicts with name, productType, settings {config: {...}}, base (xcconfig name).

    Each .xcconfig is a file reference in a group named after its folder (the group carries the
    folder's path, the file only its own name, as Xcode writes them); project_base is the
    project-level base configuration."""
    pid = oid(name, "project")
    plist = oid(name, "project", "configurations")
    main_group = oid(name, "mainGroup")
    objects = {"PBXFileReference": [], "PBXNativeTarget": [], "XCBuildConfiguration": [], "XCConfigurationList": []}
    file_refs = {}
    groups = {}
    for xc in xcconfigs:
        ref = oid(name, "xcconfig", xc)
        file_refs[xc] = ref
        folder, base_name = os.path.split(xc)
        groups.setdefault(folder, []).append((ref, base_name))
        objects["PBXFileReference"].append(
            f"\t\t{ref} /* {base_name} */ = {{isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = {quote(base_name)}; sourceTree = \"<group>\"; }};")
    configs = ["Debug", "Release"]
    proj_conf_ids = []
    for config in configs:
        cid = oid(name, "project", config)
        proj_conf_ids.append((cid, config))
        pbase = ""
        if project_base:
            pbase = f"\t\t\tbaseConfigurationReference = {file_refs[project_base]} /* {os.path.basename(project_base)} */;\n"
        objects["XCBuildConfiguration"].append(
            f"\t\t{cid} /* {config} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n{pbase}\t\t\tbuildSettings = {{\n"
            + settings_text(project_settings[config], 4) + f"\n\t\t\t}};\n\t\t\tname = {config};\n\t\t}};")
    objects["XCConfigurationList"].append(
        f"\t\t{plist} /* Build configuration list for PBXProject \"{name}\" */ = {{\n\t\t\tisa = XCConfigurationList;\n"
        "\t\t\tbuildConfigurations = (\n" + "".join(f"\t\t\t\t{c} /* {n} */,\n" for c, n in proj_conf_ids)
        + "\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};")
    target_ids = []
    for target in targets:
        tid = oid(name, "target", target["name"])
        tlist = oid(name, "target", target["name"], "configurations")
        product = oid(name, "product", target["name"])
        ext = ".appex" if "extension" in target["productType"] else ".app"
        file_type = '"wrapper.app-extension"' if ext == ".appex" else "wrapper.application"
        objects["PBXFileReference"].append(
            f"\t\t{product} /* {target['name']}{ext} */ = {{isa = PBXFileReference; explicitFileType = "
            f"{file_type}; includeInIndex = 0; "
            f"path = {quote(target['name'] + ext)}; sourceTree = BUILT_PRODUCTS_DIR; }};")
        target_ids.append((tid, target["name"]))
        conf_ids = []
        for config in configs:
            cid = oid(name, "target", target["name"], config)
            conf_ids.append((cid, config))
            base = ""
            if target.get("base"):
                ref = file_refs[target["base"]]
                base = f"\t\t\tbaseConfigurationReference = {ref} /* {os.path.basename(target['base'])} */;\n"
            objects["XCBuildConfiguration"].append(
                f"\t\t{cid} /* {config} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n{base}\t\t\tbuildSettings = {{\n"
                + settings_text(target["settings"][config], 4) + f"\n\t\t\t}};\n\t\t\tname = {config};\n\t\t}};")
        objects["XCConfigurationList"].append(
            f"\t\t{tlist} /* Build configuration list for PBXNativeTarget \"{target['name']}\" */ = {{\n"
            "\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n"
            + "".join(f"\t\t\t\t{c} /* {n} */,\n" for c, n in conf_ids)
            + "\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};")
        objects["PBXNativeTarget"].append(
            f"\t\t{tid} /* {target['name']} */ = {{\n\t\t\tisa = PBXNativeTarget;\n"
            f"\t\t\tbuildConfigurationList = {tlist} /* Build configuration list for PBXNativeTarget \"{target['name']}\" */;\n"
            "\t\t\tbuildPhases = (\n\t\t\t);\n\t\t\tbuildRules = (\n\t\t\t);\n\t\t\tdependencies = (\n\t\t\t);\n"
            f"\t\t\tname = {quote(target['name'])};\n\t\t\tproductName = {quote(target['name'])};\n"
            f"\t\t\tproductReference = {product} /* {target['name']}{ext} */;\n"
            f"\t\t\tproductType = \"{target['productType']}\";\n\t\t}};")
    group_ids = {folder: oid(name, "group", folder) for folder in groups if folder}
    objects["PBXGroup"] = [
        f"\t\t{main_group} = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
        + "".join(f"\t\t\t\t{gid} /* {folder} */,\n" for folder, gid in group_ids.items())
        + "".join(f"\t\t\t\t{ref} /* {n} */,\n" for ref, n in groups.get("", []))
        + "\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};"
    ] + [
        f"\t\t{gid} /* {folder} */ = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
        + "".join(f"\t\t\t\t{ref} /* {n} */,\n" for ref, n in groups[folder])
        + f"\t\t\t);\n\t\t\tpath = {quote(folder)};\n\t\t\tsourceTree = \"<group>\";\n\t\t}};"
        for folder, gid in group_ids.items()
    ]
    objects["PBXProject"] = [
        f"\t\t{pid} /* Project object */ = {{\n\t\t\tisa = PBXProject;\n\t\t\tattributes = {{\n"
        "\t\t\t\tBuildIndependentTargetsInParallel = 1;\n\t\t\t\tLastSwiftUpdateCheck = 1520;\n"
        "\t\t\t\tLastUpgradeCheck = 1520;\n\t\t\t};\n"
        f"\t\t\tbuildConfigurationList = {plist} /* Build configuration list for PBXProject \"{name}\" */;\n"
        "\t\t\tcompatibilityVersion = \"Xcode 14.0\";\n\t\t\tdevelopmentRegion = en;\n\t\t\thasScannedForEncodings = 0;\n"
        "\t\t\tknownRegions = (\n\t\t\t\ten,\n\t\t\t\tBase,\n\t\t\t);\n"
        f"\t\t\tmainGroup = {main_group};\n\t\t\tprojectDirPath = \"\";\n\t\t\tprojectRoot = \"\";\n"
        "\t\t\ttargets = (\n" + "".join(f"\t\t\t\t{t} /* {n} */,\n" for t, n in target_ids)
        + "\t\t\t);\n\t\t};"
    ]
    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;", "\tobjects = {"]
    for section in ["PBXFileReference", "PBXGroup", "PBXNativeTarget", "PBXProject", "XCBuildConfiguration", "XCConfigurationList"]:
        out += ["", f"/* Begin {section} section */"] + objects[section] + [f"/* End {section} section */"]
    out += ["\t};", f"\trootObject = {pid} /* Project object */;", "}", ""]
    return "\n".join(out)


COMMON = {
    "Debug": {"ALWAYS_SEARCH_USER_PATHS": "NO", "CLANG_ENABLE_MODULES": "YES", "DEBUG_INFORMATION_FORMAT": "dwarf",
              "ENABLE_TESTABILITY": "YES", "IPHONEOS_DEPLOYMENT_TARGET": "16.0", "ONLY_ACTIVE_ARCH": "YES",
              "SDKROOT": "iphoneos", "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG $(inherited)",
              "SWIFT_OPTIMIZATION_LEVEL": "-Onone"},
    "Release": {"ALWAYS_SEARCH_USER_PATHS": "NO", "CLANG_ENABLE_MODULES": "YES",
                "DEBUG_INFORMATION_FORMAT": "dwarf-with-dsym", "IPHONEOS_DEPLOYMENT_TARGET": "16.0",
                "SDKROOT": "iphoneos", "SWIFT_COMPILATION_MODE": "wholemodule", "VALIDATE_PRODUCT": "YES"},
}


def both(settings, debug=None):
    """The same target settings for Debug and Release (Debug may override some)."""
    release = dict(settings)
    return {"Debug": {**settings, **(debug or {})}, "Release": release}


APP = "com.apple.product-type.application"
EXT = "com.apple.product-type.app-extension"


def write(folder, name, text):
    path = os.path.join(HERE, folder, f"{name}.xcodeproj", "project.pbxproj")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    sign = {"CODE_SIGN_STYLE": "Automatic", "DEVELOPMENT_TEAM": "ABCDE12345", "SWIFT_VERSION": "5.0",
            "TARGETED_DEVICE_FAMILY": "1,2", "CURRENT_PROJECT_VERSION": "1", "MARKETING_VERSION": "1.0"}
    # Chat: the extension's id is a child of the app's, written with $(PRODUCT_BUNDLE_IDENTIFIER);
    # the Debug build has its own bundle id suffix.
    write("chat/ios", "Chat", project("Chat", [
        {"name": "Chat", "productType": APP, "settings": both({**sign, "INFOPLIST_FILE": "Chat/Info.plist",
            "PRODUCT_BUNDLE_IDENTIFIER": "org.example.chat", "PRODUCT_NAME": "$(TARGET_NAME)"})},
        {"name": "ShareExtension", "productType": EXT, "settings": both({**sign,
            "INFOPLIST_FILE": "ShareExtension/Info.plist", "SKIP_INSTALL": "YES",
            "LD_RUNPATH_SEARCH_PATHS": ["$(inherited)", "@executable_path/Frameworks", "@executable_path/../../Frameworks"],
            "PRODUCT_BUNDLE_IDENTIFIER": "org.example.chat.share", "PRODUCT_NAME": "$(TARGET_NAME)"},
            debug={"PRODUCT_BUNDLE_IDENTIFIER": "org.example.chat.debug.share"})},
    ], {k: dict(v) for k, v in COMMON.items()}))
    # Mail: plists live in SupportingFiles folders; the label is $(PRODUCT_NAME) set per target.
    write("mail/ios", "Mail", project("Mail", [
        {"name": "Mail", "productType": APP, "settings": both({**sign, "INFOPLIST_FILE": "Mail/SupportingFiles/Info.plist",
            "PRODUCT_BUNDLE_IDENTIFIER": "org.example.mail", "PRODUCT_NAME": "Mail"})},
        {"name": "MailShare", "productType": EXT, "settings": both({**sign,
            "INFOPLIST_FILE": "$(SRCROOT)/MailShare/SupportingFiles/Info.plist", "SKIP_INSTALL": "YES",
            "PRODUCT_BUNDLE_IDENTIFIER": "$(APP_BUNDLE_ID).compose", "PRODUCT_NAME": "Send with Mail"})},
    ], {c: {**v, "APP_BUNDLE_ID": "org.example.mail"} for c, v in COMMON.items()}))
    # Notes (a cross-platform app's ios/ folder): rfc1034 product name in the bundle id.
    write("notes/ios", "Notes", project("Notes", [
        {"name": "Notes", "productType": APP, "settings": both({**sign, "INFOPLIST_FILE": "Notes/Info.plist",
            "PRODUCT_BUNDLE_IDENTIFIER": "org.example.notes", "PRODUCT_NAME": "$(TARGET_NAME)"})},
        {"name": "Share to Notes", "productType": EXT, "settings": both({**sign,
            "INFOPLIST_FILE": "ShareExtension/Info.plist", "SKIP_INSTALL": "YES",
            "PRODUCT_BUNDLE_IDENTIFIER": "org.example.notes.$(PRODUCT_NAME:rfc1034identifier)",
            "PRODUCT_NAME": "$(TARGET_NAME)"})},
    ], {k: dict(v) for k, v in COMMON.items()}))
    # Photos: the extension's plist has no CFBundleIdentifier (Xcode fills it in), dictionary rule.
    write("photos-ios", "PhotoBox", project("PhotoBox", [
        {"name": "PhotoBox", "productType": APP, "settings": both({**sign, "INFOPLIST_FILE": "PhotoBox/Info.plist",
            "PRODUCT_BUNDLE_IDENTIFIER": "com.example.photobox", "PRODUCT_NAME": "$(TARGET_NAME)"})},
        {"name": "PhotoBoxShare", "productType": EXT, "settings": both({**sign,
            "INFOPLIST_FILE": "PhotoBoxShare/Info.plist", "SKIP_INSTALL": "YES",
            "PRODUCT_BUNDLE_IDENTIFIER": "com.example.photobox.share", "PRODUCT_NAME": "PhotoBox"})},
    ], {k: dict(v) for k, v in COMMON.items()}))
    # Reader: a modern target with GENERATE_INFOPLIST_FILE; the plist holds only NSExtension.
    write("reader-ios", "Reader", project("Reader", [
        {"name": "Reader", "productType": APP, "settings": both({**sign, "GENERATE_INFOPLIST_FILE": "YES",
            "INFOPLIST_KEY_CFBundleDisplayName": "Reader", "PRODUCT_BUNDLE_IDENTIFIER": "net.example.reader",
            "PRODUCT_NAME": "$(TARGET_NAME)"})},
        {"name": "SaveToReader", "productType": EXT, "settings": both({**sign, "GENERATE_INFOPLIST_FILE": "YES",
            "INFOPLIST_FILE": "SaveToReader/Info.plist", "INFOPLIST_KEY_CFBundleDisplayName": "Save to Reader",
            "INFOPLIST_KEY_NSHumanReadableCopyright": "", "SKIP_INSTALL": "YES",
            "PRODUCT_BUNDLE_IDENTIFIER": "net.example.reader.save", "PRODUCT_NAME": "$(TARGET_NAME)"})},
    ], {k: dict(v) for k, v in COMMON.items()}))
    # Vault: an action extension (com.apple.ui-services); ${…} spelling; the bundle id from a
    # project-level setting the target inherits.
    write("vault-ios", "Vault", project("Vault", [
        {"name": "Vault", "productType": APP, "settings": both({**sign, "INFOPLIST_FILE": "Vault/Info.plist",
            "PRODUCT_BUNDLE_IDENTIFIER": "${BASE_BUNDLE_ID}", "PRODUCT_NAME": "Vault"})},
        {"name": "VaultAutofill", "productType": EXT, "settings": both({**sign,
            "INFOPLIST_FILE": "VaultAction/Info.plist", "SKIP_INSTALL": "YES",
            "PRODUCT_BUNDLE_IDENTIFIER": "${BASE_BUNDLE_ID}.find-login", "PRODUCT_NAME": "VaultAction"})},
    ], {c: {**v, "BASE_BUNDLE_ID": "io.example.vault"} for c, v in COMMON.items()}))
    # Planner: the bundle ids come from .xcconfig files (a project-level Base.xcconfig, and each
    # target's own file, which #includes a shared one and an optional local one that is not
    # committed); Debug adds an environment part through a conditional assignment.
    write("planner-ios", "Planner", project("Planner", [
        {"name": "Planner", "productType": APP, "base": "Config/App.xcconfig",
         "settings": both({**sign, "INFOPLIST_FILE": "Planner/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)"})},
        {"name": "PlannerShare", "productType": EXT, "base": "Config/Share.xcconfig",
         "settings": both({**sign, "SKIP_INSTALL": "YES", "PRODUCT_NAME": "$(TARGET_NAME)"})},
    ], {k: dict(v) for k, v in COMMON.items()},
        xcconfigs=["Config/Base.xcconfig", "Config/App.xcconfig", "Config/Share.xcconfig"],
        project_base="Config/Base.xcconfig"))
    # Clipper: one project for iPhone and Mac. The iOS share extension needs a newer iOS than the
    # app (IPHONEOS_DEPLOYMENT_TARGET 17.0 against 15.0); the Mac one builds with SDKROOT = macosx;
    # Legacy/OldShare/Info.plist is left over from a target that was deleted (no INFOPLIST_FILE
    # names it).
    write("clipper", "Clipper", project("Clipper", [
        {"name": "Clipper", "productType": APP, "settings": both({**sign, "INFOPLIST_FILE": "Clipper/Info.plist",
            "IPHONEOS_DEPLOYMENT_TARGET": "15.0", "PRODUCT_BUNDLE_IDENTIFIER": "app.example.clipper",
            "PRODUCT_NAME": "$(TARGET_NAME)"})},
        {"name": "ClipperShare", "productType": EXT, "settings": both({**sign,
            "INFOPLIST_FILE": "ClipperShare/Info.plist", "SKIP_INSTALL": "YES", "IPHONEOS_DEPLOYMENT_TARGET": "17.0",
            "PRODUCT_BUNDLE_IDENTIFIER": "app.example.clipper.share", "PRODUCT_NAME": "$(TARGET_NAME)"})},
        {"name": "ClipperMacShare", "productType": EXT, "settings": both({**sign,
            "INFOPLIST_FILE": "ClipperMacShare/Info.plist", "SKIP_INSTALL": "YES", "SDKROOT": "macosx",
            "MACOSX_DEPLOYMENT_TARGET": "13.0", "PRODUCT_BUNDLE_IDENTIFIER": "app.example.clipper.macshare",
            "PRODUCT_NAME": "$(TARGET_NAME)"})},
    ], {k: dict(v) for k, v in COMMON.items()}))


if __name__ == "__main__":
    main()
