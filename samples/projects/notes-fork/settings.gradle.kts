rootProject.name = "NotesFork"
include(":app")
