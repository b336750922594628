package org.quire.app;

import android.content.Intent;
import android.net.Uri;
import android.os.Bundle;
import com.getcapacitor.BridgeActivity;

/**
 * Quire's only activity. Besides Capacitor's WebView it does one thing: a link shared to the
 * app (Android's share sheet, ACTION_SEND of text) is turned into the app's own deep link
 * quire://share?text=..., so it reaches the web app the way every deep link does, through
 * Capacitor's App plugin (the launch URL and appUrlOpen), and opens /share. No Capacitor
 * plugin receives share intents, and these few lines are all it takes.
 */
public class MainActivity extends BridgeActivity {

    static final String SHARE_LINK = "quire://share";

    @Override
    public void onCreate(Bundle savedInstanceState) {
        // Before Capacitor reads the launch intent.
        setIntent(asShareLink(getIntent()));
        super.onCreate(savedInstanceState);
    }

    @Override
    protected void onNewIntent(Intent intent) {
        Intent link = asShareLink(intent);
        setIntent(link);
        super.onNewIntent(link);
    }

    /** ACTION_SEND of text/plain -> ACTION_VIEW of quire://share?text=...&title=...; any other intent as it is. */
    static Intent asShareLink(Intent intent) {
        if (intent == null || !Intent.ACTION_SEND.equals(intent.getAction())) return intent;
        String type = intent.getType();
        CharSequence text = intent.getCharSequenceExtra(Intent.EXTRA_TEXT);
        if (type == null || !type.startsWith("text/") || text == null) return intent;
        Uri.Builder link = Uri.parse(SHARE_LINK).buildUpon().appendQueryParameter("text", text.toString());
        String subject = intent.getStringExtra(Intent.EXTRA_SUBJECT);
        if (subject != null) link.appendQueryParameter("title", subject);
        return new Intent(Intent.ACTION_VIEW, link.build());
    }
}
