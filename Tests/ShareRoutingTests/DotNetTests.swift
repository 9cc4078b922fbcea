import Foundation
import Testing

@testable import ShareRouting

private let projects = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/") + "/samples/projects"

/// .NET MAUI and Xamarin.Android apps, whose share targets are C# attributes: the manifest the
/// .NET for Android build writes from the project, its template and the attributes, read as any
/// manifest (dotnet/android `ManifestDocument.cs`, java-interop `Crc64.cs`).
@Suite struct DotNetTests {
  /// java-interop's own test vectors and names seen in MAUI's docs and builds.
  @Test(arguments: [
    ("hello", "ad3d04bd697eb3c5"),
    ("System.Xml.XmlDocument, System.Xml", "348bbd9fecf1b865"),
    ("MyApp.Views:MyApp.Android", "b8e52a012da2d805"),
    ("Xamarin.Android.ToolsTests:Java.Interop.Tools.JavaCallableWrappers-Tests", "197ae30a36756915"),
    ("System:System.Private.CoreLib", "d04135c992393d83"),
    ("MyMauiApp:MyMauiApp", "bdb9c38958c20c7c"),
    ("MauiApp1:MauiApp1", "e632a077a20c694c"),
    ("Microsoft.Maui:Microsoft.Maui", "88302ad6e9e4df1a"),
  ])
  func crc64IsJavaInterops(_ input: String, _ hex: String) {
    #expect(CRC64.hex(input) == hex)
  }

  /// The ways C# writes the same filter: each is read as SEND of image/* on the class `Share`.
  @Test(arguments: [
    "[Activity(Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"image/*\")]",
    "[Activity(Exported = true)]\n[IntentFilter(new string[] { Android.Content.Intent.ActionSend }, Categories = new string[] { \"android.intent.category.DEFAULT\" }, DataMimeType = @\"image/*\")]",
    "[Activity(Exported = true), IntentFilter([Intent.ActionSend], Categories = [Intent.CategoryDefault], DataMimeTypes = [\"image/*\"])]",
    "[ActivityAttribute(Exported = true)]\n[global::Android.App.IntentFilterAttribute(actions: new[] { global::Android.Content.Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = Image)]",
    "// [IntentFilter(new[] { Intent.ActionView })]\n/* [IntentFilter(new[] { \"x\" })] */\n#if ANDROID\n[Activity(Exported = true)]\n#endif\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"\"\"image/*\"\"\")]",
  ])
  func attributeSyntaxes(_ attributes: String) throws {
    let text = """
      using Android.App;
      namespace Demo.Sharing
      {
          public partial class Holder { const string Image = "image/*"; }
          \(attributes)
          public class Share : Activity { string s = "[IntentFilter(new[] { \\"wrong\\" })]"; }
      }
      """
    let directory = try scratchDirectory(texts: ["Demo/Demo.csproj": Self.project(id: "org.demo"), "Demo/Share.cs": text])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.map(\.description) == [])
    let handler = try #require(set.handlers.first)
    #expect(set.handlers.count == 1)
    #expect(handler.id == "org.demo/crc64" + CRC64.hex("Demo.Sharing:Demo") + ".Share")
    #expect(handler.intentFilters?.map(\.actions) == [["android.intent.action.SEND"]])
    #expect(handler.intentFilters?.map(\.declaredTypes) == [["image/*"]])
    #expect(handler.intentFilters?.map(\.categories) == [["android.intent.category.DEFAULT"]])
    #expect(handler.origin.hasSuffix("Demo/Share.cs"))
  }

  static func project(id: String?, extra: String = "", frameworks: String = "net8.0-android;net8.0-ios") -> String {
    """
    <Project Sdk="Microsoft.NET.Sdk">
      <PropertyGroup>
        <TargetFrameworks>\(frameworks)</TargetFrameworks>
        <OutputType>Exe</OutputType>
        \(id.map { "<ApplicationId>\($0)</ApplicationId>" } ?? "")
        \(extra)
      </PropertyGroup>
    </Project>
    """
  }

  /// The sample: a MAUI app (MainActivity with a text filter, a named activity for images and
  /// PDFs, the template manifest, a stale build's obj/ manifest) and its iOS share extension
  /// project (ApplicationId as the bundle id).
  @Test func theSampleIsTheBuiltApp() throws {
    let set = ManifestLoader.load(paths: [projects + "/pinboard-maui"])
    #expect(set.errors.map(\.description) == [])
    let byID = Dictionary(uniqueKeysWithValues: set.handlers.map { ($0.id, $0) })
    #expect(
      byID.keys.sorted() == [
        "com.example.pinboard.ShareExtension", "com.example.pinboard/.PinActivity",
        "com.example.pinboard/crc64382f0677c0450b48.MainActivity",
      ])
    let main = try #require(byID["com.example.pinboard/crc64382f0677c0450b48.MainActivity"])
    // MainLauncher adds the launcher filter first, and exported="true" (API 34 would refuse it
    // otherwise: no error above).
    #expect(main.intentFilters?.map(\.actions) == [["android.intent.action.MAIN"], ["android.intent.action.SEND"]])
    // The application's label is ApplicationTitle (the template has none).
    #expect(main.label == "Pin Board")
    let pin = try #require(byID["com.example.pinboard/.PinActivity"])
    #expect(pin.label == "Pin to board")
    #expect(pin.intentFilters?.first?.actions == ["android.intent.action.SEND", "android.intent.action.SEND_MULTIPLE"])
    #expect(pin.intentFilters?.first?.declaredTypes == ["image/*", "application/pdf"])
    // Places are the C# attributes'.
    let index = try #require(set.handlers.firstIndex { $0.id == pin.id })
    #expect(pin.origin.hasSuffix("PinBoard/Platforms/Android/PinActivity.cs"))
    #expect(set.locations[index].filters.first?.location == SourceLocation(line: 9, column: 6))
    #expect(set.locations[index].handler.location == SourceLocation(line: 7, column: 6))
    let ios = try #require(byID["com.example.pinboard.ShareExtension"])
    #expect(ios.guessed == [])
    #expect(!set.handlers.contains { $0.id.contains("stale") })
  }

  /// What the build decides from the project, each against a manifest written by hand.
  @Test(arguments: [
    // No ApplicationId: the assembly name, one segment doubled.
    (nil as String?, "", "[Activity(Name = \"x.Share\", Exported = true)]", "Demo.Demo/x.Share", "Demo.Demo"),
    // An ApplicationId for Debug only is not the release build's.
    ("org.release", "</PropertyGroup><PropertyGroup Condition=\"'$(Configuration)' == 'Debug'\"><ApplicationId>org.debug</ApplicationId>",
     "[Activity(Name = \"org.release.Share\", Exported = true)]", "org.release/.Share", "org.release"),
    // One for Android only is the Android build's; one for iOS only is not. A name without a
    // dot is the package's (Android resolves it so). Without any label, the app is its package.
    ("org.both", "<ApplicationId Condition=\"$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'android'\">org.android</ApplicationId><ApplicationId Condition=\"$(TargetFramework.Contains('-ios'))\">org.ios</ApplicationId>",
     "[Activity(Name = \"Share\", Exported = true)]", "org.android/.Share", "org.android"),
    // [Application(Label)] names the app (over a template's too); @PACKAGE_NAME@ is the package.
    ("org.app", "<ApplicationTitle>Title</ApplicationTitle>", "[Application(Label = \"From attribute\")] class App : Application {}\n[Activity(Name = \"@PACKAGE_NAME@.Share\", Exported = true)]",
     "org.app/.Share", "From attribute"),
    ("org.app", "<ApplicationTitle>Title</ApplicationTitle>", "[Activity(Name = \"org.app.Share\", Exported = true)]", "org.app/.Share", "Title"),
    // An AssemblyName changes the crc64 package.
    ("org.asm", "<AssemblyName>Other</AssemblyName>", "[Activity(Exported = true)]", "org.asm/crc64" + CRC64.hex("Demo:Other") + ".Share", "org.asm"),
    // [Register] names the Java class.
    ("org.reg", "", "[Register(\"org.reg.Shared\")]\n[Activity(Exported = true)]", "org.reg/.Shared", "org.reg"),
  ])
  func projectValues(_ id: String?, _ extra: String, _ activity: String, _ expected: String, _ label: String) throws {
    let source = """
      namespace Demo;
      \(activity)
      [IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = "text/plain")]
      public class Share : Activity { }
      """
    let directory = try scratchDirectory(texts: ["Demo/Demo.csproj": Self.project(id: id, extra: extra), "Demo/Platforms/Android/Share.cs": source])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.map(\.description) == [])
    #expect(set.handlers.map(\.id) == [expected])
    #expect(set.handlers.first?.label == label)
  }

  /// Install gates as the build leaves them: no `Exported` on an activity with filters fails
  /// from API 31 (net6.0-android on); the template's `<uses-sdk>` wins over the framework's.
  @Test(arguments: [
    ("net8.0-android", nil as String?, true),
    ("net8.0-android34.0", nil, true),
    ("net6.0-android", nil, true),
    ("net8.0-android", "<uses-sdk android:targetSdkVersion=\"30\"/>", false),
    ("net8.0-android30.0", nil, false),
  ])
  func exportedIsRequiredFromAPI31(_ framework: String, _ usesSdk: String?, _ fails: Bool) throws {
    var files = [
      "App/App.csproj": Self.project(id: "org.gate", frameworks: framework),
      "App/Platforms/Android/Share.cs": "[Activity(Name = \"org.gate.Share\")]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"*/*\")]\nclass Share : Activity {}",
    ]
    if let usesSdk {
      files["App/Platforms/Android/AndroidManifest.xml"] =
        "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\(usesSdk)<application></application></manifest>"
    }
    let set = ManifestLoader.load(paths: [try scratchDirectory(texts: files)])
    let required = set.errors.contains { if case .exportedRequired = $0.problem { true } else { false } }
    #expect(required == fails)
    #expect(set.handlers.isEmpty == fails)
    if fails {
      // The error is at the C# attribute that declares the activity.
      #expect(set.errors.contains { $0.file.hasSuffix("Share.cs") && $0.location?.line == 1 })
    }
  }

  /// An activity the template declares is not generated again; the template's own filters count.
  @Test func theTemplateDeclaresFirst() throws {
    let template = """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.tpl">
        <application android:label="Template">
          <activity android:name="org.tpl.Share" android:exported="true">
            <intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="video/*"/></intent-filter>
          </activity>
        </application>
      </manifest>
      """
    let directory = try scratchDirectory(texts: [
      "App/App.csproj": Self.project(id: "org.ignored"),
      "App/Platforms/Android/AndroidManifest.xml": template,
      "App/Platforms/Android/Share.cs": "[Activity(Name = \"org.tpl.Share\", Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, DataMimeType = \"image/*\")]\nclass Share : Activity {}\n[Activity(Name = \"org.tpl.Other\", Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"text/plain\")]\nclass Other : Activity {}",
      "App/Platforms/iOS/Share.cs": "[Activity(Name = \"org.tpl.NotAndroid\", Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, DataMimeType = \"*/*\")]\nclass NotAndroid {}",
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.map(\.description) == [])
    #expect(set.handlers.map(\.id) == ["org.tpl/.Share", "org.tpl/.Other"])
    #expect(set.handlers.first?.intentFilters?.first?.declaredTypes == ["video/*"])
    #expect(set.handlers.map(\.label) == ["Template", "Template"])
    // The template's activity keeps its own lines; the generated one is at its attribute.
    #expect(set.handlers[0].origin.hasSuffix("AndroidManifest.xml"))
    #expect(set.locations[0].handler.location?.line == 4)
    #expect(set.handlers[1].origin.hasSuffix("Share.cs"))
    #expect(set.locations[1].handler.location?.line == 4)
  }

  /// The app's label: [Application(Label)] over the template's, the template's over
  /// ApplicationTitle, ApplicationTitle over the package (GenerateMainAndroidManifest, Merge).
  @Test(arguments: [
    ("Template" as String?, "Attribute" as String?, "Title" as String?, "Attribute"),
    ("Template", nil, "Title", "Template"),
    (nil, nil, "Title", "Title"),
    (nil, nil, nil, "org.lbl"),
    (nil, "Attribute", nil, "Attribute"),
  ])
  func applicationLabels(_ template: String?, _ attribute: String?, _ title: String?, _ expected: String) throws {
    var files = [
      "App/App.csproj": Self.project(id: "org.lbl", extra: title.map { "<ApplicationTitle>\($0)</ApplicationTitle>" } ?? ""),
      "App/Platforms/Android/Share.cs": (attribute.map { "[Application(Label = \"\($0)\")]\nclass App : MauiApplication {}\n" } ?? "")
        + "[Activity(Name = \"org.lbl.Share\", Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"*/*\")]\nclass Share : Activity {}",
    ]
    files["App/Platforms/Android/AndroidManifest.xml"] =
      "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n<application android:icon=\"@mipmap/x\"\(template.map { " android:label='\($0)'" } ?? "") android:supportsRtl=\"true\"></application>\n</manifest>"
    let set = ManifestLoader.load(paths: [try scratchDirectory(texts: files)])
    #expect(set.errors.map(\.description) == [])
    #expect(set.handlers.map(\.label) == [expected])
  }

  /// What the build reads of a file Visual Studio saved: a byte order mark before `namespace`,
  /// `#if DEBUG` branches (a release build takes `#else`), verbatim strings that open with a
  /// doubled quote, an assembly-wide [Application].
  @Test func releaseBuildOfAVisualStudioFile() throws {
    let source = "\u{FEFF}namespace Demo;\n#if IOS\n/* not C# here: no comment opens\n[Activity(Name = \"org.d.Ios\", Exported = true)]\n#endif\n#if DEBUG\n[Activity(Name = \"org.d.Dev\", Exported = true)]\n#elif ANDROID\n[Activity(Exported = true)]\n#else\n[Activity(Name = \"org.d.Other\", Exported = true)]\n#endif\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"*/*\")]\nclass Share : Activity {}\n"
    let directory = try scratchDirectory(texts: [
      "Demo/Demo.csproj": Self.project(id: "org.d"), "Demo/Share.cs": source,
      "Demo/Properties/AssemblyInfo.cs": "using Android.App;\n[assembly: Application(Label = @\"\"\"Quoted\"\" app\")]\n",
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.map(\.description) == [])
    #expect(set.handlers.map(\.id) == ["org.d/crc64" + CRC64.hex("Demo:Demo") + ".Share"])
    #expect(set.handlers.map(\.label) == ["\"Quoted\" app"])
  }

  /// A template saved with CRLF line endings keeps its places; the build renames a template
  /// activity named by the lower-case namespace to the crc64 name; a template beside a project
  /// that is no Android app is read alone.
  @Test(arguments: ["\n", "\r\n"])
  func templatesAsSaved(_ newline: String) throws {
    let template = ["<?xml version=\"1.0\" encoding=\"utf-8\"?>", "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">",
      "  <application android:label=\"T\">", "    <activity android:name=\"demo.Share\" android:exported=\"true\">",
      "      <intent-filter><action android:name=\"android.intent.action.SEND\"/><category android:name=\"android.intent.category.DEFAULT\"/><data android:mimeType=\"image/*\"/></intent-filter>",
      "    </activity>", "  </application>", "</manifest>"].joined(separator: newline)
    let directory = try scratchDirectory(texts: [
      "App/App.csproj": Self.project(id: "org.t"),
      "App/Platforms/Android/AndroidManifest.xml": template,
      "App/Platforms/Android/Share.cs": "namespace Demo;\n[Activity]\nclass Share : Activity {}\n[Activity(Name = \"org.t.Text\", Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"text/plain\")]\nclass Text : Activity {}",
      "Lib/Lib.csproj": "<Project><PropertyGroup><TargetFramework>net8.0-android</TargetFramework></PropertyGroup></Project>",
      "Lib/Platforms/Android/AndroidManifest.xml": template.replacing("demo.Share", with: "org.lib.Share").replacing("<manifest ", with: "<manifest package=\"org.lib\" "),
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.map(\.description) == [])
    #expect(set.handlers.map(\.id) == ["org.t/crc64" + CRC64.hex("Demo:App") + ".Share", "org.t/.Text", "org.lib/.Share"])
    #expect(set.handlers.map { ProjectPath.name($0.origin) } == ["AndroidManifest.xml", "Share.cs", "AndroidManifest.xml"])
    #expect(set.locations.map { $0.handler.location?.line } == [4, 4, 4])
  }

  /// `#if` conditions as C# reads them, for a release build for Android.
  @Test(arguments: [
    ("DEBUG", false), ("!DEBUG", true), ("RELEASE", true), ("ANDROID", true), ("IOS", false), ("!(ANDROID && DEBUG)", true),
    ("!(IOS || ANDROID)", false), ("ANDROID || IOS && DEBUG", true), ("(ANDROID || IOS) && DEBUG", false),
    ("ANDROID == true", true), ("DEBUG != false", false), ("ANDROID // a comment", true), ("(ANDROID", true), ("", true),
  ])
  func preprocessorConditions(_ condition: String, _ holds: Bool) {
    #expect(CSharpSource.condition(Substring(condition)) == holds)
  }

  /// Property conditions as a release build for Android decides them, clause by clause.
  @Test(arguments: [
    ("<ApplicationId Condition=\"'$(Configuration)|$(TargetFramework)|$(Platform)'=='Debug|net8.0-android|AnyCPU'\">org.debug</ApplicationId>", "org.c"),
    ("<ApplicationId Condition=\"'$(Configuration)|$(TargetFramework)|$(Platform)'=='Release|net8.0-android|AnyCPU'\">org.rel</ApplicationId>", "org.rel"),
    ("<ApplicationId Condition=\"'$(TargetFramework)'=='net8.0-ios' and '$(X)'==''\">org.ios</ApplicationId>", "org.c"),
    ("<ApplicationId Condition=\"'$(TargetFramework)'=='net8.0-android' and '$(Configuration)'!='Debug'\">org.and</ApplicationId>", "org.and"),
    ("<ApplicationId Condition=\"'$(CI_ID)' != ''\">$(CI_ID)</ApplicationId>", "org.c"),
    ("<ApplicationId Condition=\"'$(ApplicationId)' == ''\">org.unset</ApplicationId>", "org.c"),
    ("<ApplicationId Condition=\"'$(Configuration)|$(TargetFramework)' != 'Debug|net8.0-android'\">org.ne</ApplicationId>", "org.ne"),
    ("<ApplicationId Condition=\"'$(X)' == ''\r\n  and '$(TargetFramework)' == 'net8.0-ios'\">org.crlf</ApplicationId>", "org.c"),
  ])
  func conditionsOfAReleaseBuild(_ property: String, _ package: String) throws {
    let directory = try scratchDirectory(texts: [
      "App/App.csproj": Self.project(id: "org.c", extra: property, frameworks: "\n      net8.0-ios;\n      net8.0-android\n    "),
      "App/Share.cs": "[Activity(Name = \"x.Share\")]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"*/*\")]\nclass Share : Activity {}",
    ])
    let set = ManifestLoader.load(paths: [directory])
    // No Exported at API 34 (a multi-line framework list still says net8.0): the install gate.
    #expect(set.errors.contains { if case .exportedRequired(_, _, 34, _, _) = $0.problem { true } else { false } })
    let withExport = try scratchDirectory(texts: [
      "App/App.csproj": Self.project(id: "org.c", extra: property),
      "App/Share.cs": "[Activity(Name = \"x.Share\", Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = \"*/*\")]\nclass Share : Activity {}",
    ])
    #expect(ManifestLoader.load(paths: [withExport]).handlers.map(\.id) == [package + "/x.Share"])
  }

  /// Values share-route does not evaluate are left out with a warning at the argument.
  @Test func unknownValuesAreSaid() throws {
    let directory = try scratchDirectory(texts: [
      "App/App.csproj": Self.project(id: "org.unk"),
      "App/Share.cs": "[Activity(Name = \"org.unk.Share\", Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeTypes = new[] { \"text/plain\", Types.Image, $\"{Kind}/*\" })]\nclass Share : Activity {}",
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.handlers.first?.intentFilters?.first?.declaredTypes == ["text/plain"])
    let notes = set.warnings.filter { $0.code == .unresolvedProjectFile }
    #expect(notes.count == 2)
    #expect(notes.allSatisfy { $0.file.hasSuffix("Share.cs") && $0.location?.line == 2 })
    #expect(notes.first?.message.contains("'Types.Image'") == true)
  }

  /// Projects that are not Android apps are left alone; named, they are an error; an unreadable
  /// one is skipped unless C# beside it declares filters.
  @Test(arguments: [
    ("<Project><PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Exe</OutputType></PropertyGroup></Project>", "", "none"),
    ("<Project><PropertyGroup><TargetFramework>net8.0-android</TargetFramework></PropertyGroup></Project>", "", "none"),
    ("<Project><PropertyGroup>", "", "skipped"),
    ("<Project><PropertyGroup>", "[IntentFilter(new[] { Intent.ActionSend })] class A {}", "error"),
  ])
  func otherProjects(_ csproj: String, _ source: String, _ outcome: String) throws {
    let directory = try scratchDirectory(texts: ["Lib/Lib.csproj": csproj, "Lib/A.cs": source, "app.yaml": "id: app\nlabel: App\nios:\n  activationRule:\n    NSExtensionActivationSupportsText: true\n"])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.handlers.map(\.id) == ["app"])
    switch outcome {
    case "none": #expect(set.errors.isEmpty && set.skipped.isEmpty)
    case "skipped": #expect(set.errors.isEmpty && set.skipped.map { ProjectPath.name($0.file) } == ["Lib.csproj"])
    default: #expect(set.errors.map { ProjectPath.name($0.file) } == ["Lib.csproj"])
    }
  }

  /// An Expo app configured only by code: skipped, saying its share targets are not read.
  @Test(arguments: [(["app.config.ts"], true), (["app.config.js"], true), (["app.config.js", "app.json"], false)])
  func expoCodeConfigs(_ names: [String], _ skipped: Bool) throws {
    var files = ["mobile/package.json": "{\"name\": \"m\", \"dependencies\": {\"expo\": \"~52.0.0\"}}", "other/package.json": "{\"name\": \"web\"}", "other/app.config.ts": "export const appConfig = {};", "app.yaml": "id: app\nlabel: App\nios:\n  activationRule:\n    NSExtensionActivationSupportsText: true\n"]
    for name in names { files["mobile/" + name] = name.hasSuffix(".json") ? "{\"expo\": {\"name\": \"M\"}}" : "export default { name: 'M' };" }
    let set = ManifestLoader.load(paths: [try scratchDirectory(texts: files)])
    #expect(set.errors.isEmpty)
    #expect(set.skipped.filter { $0.reason == ProjectMessages.expoCodeOnly }.map { ProjectPath.name(ProjectPath.parent($0.file)) } == (skipped ? ["mobile"] : []))
  }
}
