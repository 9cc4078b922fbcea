// A community fork of Notes that has not changed its applicationId yet: on a device it would
// replace the original; in share-route both are kept and told apart by their folders.
plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.notes"
    compileSdk = 35
    defaultConfig {
        applicationId = "org.example.notes"
        minSdk = 26
        targetSdk = 35
    }
}
