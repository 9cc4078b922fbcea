pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}
dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}
// Modules are named projects.feature.shareTarget in the build scripts.
enableFeaturePreview("TYPESAFE_PROJECT_ACCESSORS")

rootProject.name = "Podcasts"
include(":app")
include(
    ":feature:share-target",
    ":core:ui-strings",
)
// A home-screen widget kept in the tree but not built into the app any more.
include(":widgets")
