rootProject.name = "Notes"
include(":app")
// React Native libraries live in node_modules (autolinking writes lines like these).
include(":react-native-share-menu")
project(":react-native-share-menu").projectDir =
    File(rootProject.projectDir, "../node_modules/react-native-share-menu/android")
