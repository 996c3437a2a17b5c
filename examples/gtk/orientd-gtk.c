/* A GTK 4 window whose controls turn with the screen orientation while its drawing stays put,
 * the way drawing apps avoid whole-window rotation: the toolbar moves to the edge nearest the
 * person and its text turns to face them; the canvas is never rotated. Driven by liborientd's
 * ScreenOrientation on GLib's main loop (docs/client-library.md).
 *   orientd-gtk [BUS-ADDRESS]     prints "screen NAME" each time the controls have turned
 * Build: cc orientd-gtk.c $(pkg-config --cflags --libs orientd gtk4) */
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <orientd.h>

#define WINDOW_SIZE 480

typedef struct {
    orientd_client *client;
    GtkWidget *fixed, *toolbar, *status;
    int screen;
} App;

/* The canvas: a sketch in the panel's own coordinates, the same in every orientation, with
 * the panel's top edge marked. */
static void draw_canvas(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void) area; (void) data;
    cairo_set_source_rgb(cr, 1, 1, 0.96);
    cairo_paint(cr);
    cairo_set_line_width(cr, 6);
    cairo_set_source_rgb(cr, 0.2, 0.4, 0.8);
    cairo_arc(cr, width * 0.35, height * 0.4, width * 0.15, 0, 2 * M_PI);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.8, 0.3, 0.2);
    cairo_rectangle(cr, width * 0.55, height * 0.3, width * 0.25, height * 0.25);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_move_to(cr, width * 0.5 - 20, 30);
    cairo_line_to(cr, width * 0.5, 10);
    cairo_line_to(cr, width * 0.5 + 20, 30);
    cairo_stroke(cr);
}

/* Places the toolbar along the edge that is down for the person and turns it to face them
 * (GTK's rotation is clockwise in degrees, y pointing down). */
static void place_toolbar(App *app) {
    int w, h, s = WINDOW_SIZE;
    gtk_widget_measure(app->toolbar, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
    gtk_widget_measure(app->toolbar, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
    gtk_widget_set_size_request(app->toolbar, w, h);
    float x, y, angle;
    switch (app->screen) {
    case ORIENTD_ORIENTATION_PORTRAIT_UPSIDE_DOWN: x = (s + w) / 2.0f; y = h; angle = 180; break;
    case ORIENTD_ORIENTATION_LANDSCAPE_LEFT: x = h; y = (s - w) / 2.0f; angle = 90; break;   /* left edge down */
    case ORIENTD_ORIENTATION_LANDSCAPE_RIGHT: x = s - h; y = (s + w) / 2.0f; angle = -90; break;
    default: x = (s - w) / 2.0f; y = s - h; angle = 0; break;
    }
    GskTransform *t = gsk_transform_rotate(gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(x, y)), angle);
    gtk_fixed_set_child_transform(GTK_FIXED(app->fixed), app->toolbar, t);
    gsk_transform_unref(t);
}

static void screen_changed(orientd_client *client, int screen, void *data) {
    (void) client;
    App *app = data;
    app->screen = screen;
    char text[64];
    snprintf(text, sizeof text, "screen: %s", orientd_orientation_name(screen));
    gtk_label_set_text(GTK_LABEL(app->status), text);
    place_toolbar(app);
    printf("screen %s\n", orientd_orientation_name(screen));
    fflush(stdout);
}

static gboolean readable(gint fd, GIOCondition condition, gpointer data) {
    (void) fd; (void) condition;
    App *app = data;
    if (orientd_client_dispatch(app->client) < 0) {
        fprintf(stderr, "orientd-gtk: %s\n", orientd_client_last_error(app->client));
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

static void activate(GtkApplication *application, gpointer data) {
    App *app = data;
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_set_title(GTK_WINDOW(window), "orientd");
    gtk_window_set_default_size(GTK_WINDOW(window), WINDOW_SIZE, WINDOW_SIZE);
    gtk_window_set_resizable(GTK_WINDOW(window), FALSE);
    GtkWidget *overlay = gtk_overlay_new();
    GtkWidget *canvas = gtk_drawing_area_new();
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(canvas), draw_canvas, NULL, NULL);
    gtk_overlay_set_child(GTK_OVERLAY(overlay), canvas);
    app->fixed = gtk_fixed_new();
    gtk_widget_set_can_target(app->fixed, TRUE);
    app->toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_add_css_class(app->toolbar, "toolbar");
    const char *tools[] = {"Pen", "Eraser", "Undo"};
    for (unsigned i = 0; i < G_N_ELEMENTS(tools); i++) gtk_box_append(GTK_BOX(app->toolbar), gtk_button_new_with_label(tools[i]));
    app->status = gtk_label_new("screen: unknown");
    gtk_box_append(GTK_BOX(app->toolbar), app->status);
    gtk_fixed_put(GTK_FIXED(app->fixed), app->toolbar, 0, 0);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), app->fixed);
    gtk_window_set_child(GTK_WINDOW(window), overlay);
    place_toolbar(app);
    gtk_window_present(GTK_WINDOW(window));

    /* The library on GTK's loop: observe, watch the fd. Screen orientation needs no begin of
     * its own, but the sensor runs only while someone generates notifications. */
    orientd_client_observe_screen_orientation(app->client, screen_changed, app);
    g_unix_fd_add(orientd_client_get_fd(app->client), G_IO_IN, readable, app);
    orientd_client_begin_generating_notifications(app->client);
}

int main(int argc, char **argv) {
    App app = {0};
    int r = orientd_client_new(argc > 1 ? argv[1] : NULL, &app.client);
    if (r < 0) {
        fprintf(stderr, "orientd-gtk: cannot connect: %s\n", orientd_error_message(r));
        return 1;
    }
    GtkApplication *application = gtk_application_new("org.orientd.Example", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(activate), &app);
    int status = g_application_run(G_APPLICATION(application), 1, argv);
    g_object_unref(application);
    orientd_client_free(app.client);
    return status;
}
