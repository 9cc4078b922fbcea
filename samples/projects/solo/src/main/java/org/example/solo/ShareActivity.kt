package org.example.solo

import android.app.Activity

class ShareActivity : Activity()
