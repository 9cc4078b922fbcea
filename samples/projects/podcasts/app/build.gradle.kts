plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
}

android {
    namespace = "com.example.podcasts.app"
    compileSdk = 35

    defaultConfig {
        applicationId = project.property("podcastsApplicationId").toString()
        minSdk = 26
        targetSdk = 35
        versionCode = 7401
        versionName = "7.40"
        resValue("string", "app_name", "Podcasts")
    }

    flavorDimensions += "store"
    productFlavors {
        create("play") {
            dimension = "store"
        }
        create("foss") {
            dimension = "store"
            applicationIdSuffix = ".foss"
            resValue("string", "app_name", "Podcasts FOSS")
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
        debug {
            applicationIdSuffix = ".debug"
            manifestPlaceholders["shareTitle"] = "Add file (debug)"
        }
    }
}

dependencies {
    implementation(projects.feature.shareTarget)
    implementation(libs.androidx.core.ktx)
    testImplementation(projects.widgets)
}
