(* The chart of nx-dtype error --svg: the SQNR of each tensor as a
   horizontal bar, coloured by its type, with an axis in dB, a legend of
   the types and, when there are several, a bar of each type's total and
   of the whole. One self-contained SVG document: no script, no font or
   style from outside. *)

type bar = { label : string; type_name : string; sqnr_db : float }

let palette =
  [| "#4e79a7"; "#f28e2b"; "#59a14f"; "#e15759"; "#76b7b2"; "#edc948"; "#b07aa1"; "#ff9da7";
     "#9c755f"; "#bab0ac" |]

let escape s =
  let b = Buffer.create (String.length s) in
  String.iter
    (function
      | '<' -> Buffer.add_string b "&lt;"
      | '>' -> Buffer.add_string b "&gt;"
      | '&' -> Buffer.add_string b "&amp;"
      | '"' -> Buffer.add_string b "&quot;"
      | '\'' -> Buffer.add_string b "&apos;"
      | c when Char.code c < 0x20 -> Buffer.add_char b ' '
      | c -> Buffer.add_char b c)
    s;
  Buffer.contents b

(* A label longer than [n] bytes, shortened in its middle (whole UTF-8
   characters: a cut never falls inside one). *)
let shorten n s =
  if String.length s <= n then s
  else
    let rec back i = if i > 0 && Char.code s.[i] land 0xc0 = 0x80 then back (i - 1) else i in
    let rec fwd i = if i < String.length s && Char.code s.[i] land 0xc0 = 0x80 then fwd (i + 1) else i in
    let head = back ((n - 1) / 2) and tail = fwd (String.length s - (n - 1 - ((n - 1) / 2))) in
    String.sub s 0 head ^ "\xe2\x80\xa6" ^ String.sub s tail (String.length s - tail)

(* A step of 1, 2 or 5 times a power of ten that cuts [span] into at
   most 10 ticks. *)
let step span =
  let raw = span /. 10. in
  let p = 10. ** Float.floor (Float.log10 raw) in
  List.find (fun m -> m *. p >= raw) [ 1.; 2.; 5.; 10. ] *. p

let svg ~title ~subtitle ~bars ~totals =
  let types =
    List.fold_left
      (fun acc b -> if List.mem b.type_name acc then acc else acc @ [ b.type_name ])
      [] bars
  in
  (* A type's colour; grey for a total of several types. *)
  let colour t =
    let rec index i = function [] -> None | x :: r -> if x = t then Some i else index (i + 1) r in
    match index 0 types with Some i -> palette.(i mod Array.length palette) | None -> "#777777"
  in
  let all = bars @ totals in
  let finite = List.filter (fun b -> Float.is_finite b.sqnr_db) all in
  let hi = List.fold_left (fun m b -> Float.max m b.sqnr_db) 10. finite in
  let lo = List.fold_left (fun m b -> Float.min m b.sqnr_db) 0. finite in
  let st = step (hi -. lo) in
  let hi = st *. Float.ceil (hi /. st) and lo = st *. Float.floor (lo /. st) in
  let width = 900 in
  let label_chars = List.fold_left (fun m b -> max m (String.length b.label)) 8 all in
  let label_chars = min label_chars 48 in
  let left = 16 + (label_chars * 7) + 8 in
  let right = 70 in
  let row = 20 in
  let top = 76 in
  let gap = if totals = [] then 0 else 18 in
  let plot_h = (row * List.length all) + gap in
  let height = top + plot_h + 50 in
  let plot_w = width - left - right in
  let x v = float_of_int left +. ((v -. lo) /. (hi -. lo) *. float_of_int plot_w) in
  let b = Buffer.create 8192 in
  let p fmt = Printf.bprintf b fmt in
  p {|<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="12">
<rect width="100%%" height="100%%" fill="#ffffff"/>
<text x="16" y="24" font-size="16" font-weight="bold" fill="#222">%s</text>
<text x="16" y="44" fill="#555">%s</text>
|}
    width height width height (escape title) (escape subtitle);
  (* The legend: one swatch per type, at the top right. *)
  let lx = ref (width - right) in
  List.iter
    (fun t ->
      let w = 32 + (7 * String.length t) in
      lx := !lx - w)
    (List.rev types);
  ignore
    (List.fold_left
       (fun lx t ->
         p {|<rect x="%d" y="52" width="12" height="12" fill="%s"/><text x="%d" y="62" fill="#222">%s</text>
|}
           lx (colour t) (lx + 16) (escape t);
         lx + 32 + (7 * String.length t))
       (max !lx 16) types);
  (* The grid and the axis. *)
  let bottom = top + plot_h in
  let rec ticks v =
    if v <= hi +. (st /. 2.) then begin
      let xv = x v in
      p {|<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="1"/>
<text x="%.1f" y="%d" text-anchor="middle" fill="#333">%g</text>
|}
        xv top xv bottom (if v = 0. then "#888" else "#e4e4e4") xv (bottom + 16) v;
      ticks (v +. st)
    end
  in
  ticks lo;
  p {|<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888"/>
<text x="%.1f" y="%d" text-anchor="middle" fill="#222">SQNR (dB), 10·log10(Σx² / Σ(x−y)²): higher is closer to the original</text>
|}
    left bottom (left + plot_w) bottom (x ((lo +. hi) /. 2.)) (bottom + 38);
  let draw i bar ~total =
    let y = top + (i * row) + if total then gap else 0 in
    let cy = y + (row / 2) + 4 in
    p {|<text x="%d" y="%d" text-anchor="end" fill="#222"%s>%s</text>
|}
      (left - 8) cy (if total then {| font-weight="bold"|} else "")
      (escape (shorten label_chars bar.label));
    let x0 = x (Float.max lo 0.) in
    let bar_rect v extra =
      let xv = x v in
      let bx = Float.min x0 xv and bw = Float.abs (xv -. x0) in
      p {|<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"%s><title>%s %s: %s dB</title></rect>
|}
        bx (y + 3) (Float.max bw 1.) (row - 6) (colour bar.type_name) extra (escape bar.label)
        (escape bar.type_name) (Printf.sprintf "%.2f" bar.sqnr_db)
    in
    if Float.is_nan bar.sqnr_db then
      p {|<text x="%.1f" y="%d" fill="#a00">NaN</text>
|} (x0 +. 4.) cy
    else if bar.sqnr_db = infinity then begin
      bar_rect hi {| fill-opacity="0.35"|};
      p {|<text x="%.1f" y="%d" fill="#222">exact</text>
|} (x hi +. 4.) cy
    end
    else if bar.sqnr_db = neg_infinity then
      p {|<text x="%.1f" y="%d" fill="#a00">−∞</text>
|} (x0 +. 4.) cy
    else begin
      bar_rect bar.sqnr_db "";
      p {|<text x="%.1f" y="%d" fill="#222">%.1f</text>
|}
        (Float.max (x bar.sqnr_db) x0 +. 4.) cy bar.sqnr_db
    end
  in
  List.iteri (fun i bar -> draw i bar ~total:false) bars;
  if totals <> [] then begin
    let y = top + (row * List.length bars) + (gap / 2) in
    p {|<line x1="16" y1="%d" x2="%d" y2="%d" stroke="#bbb" stroke-dasharray="4 3"/>
|} y (width - 16) y;
    List.iteri (fun i bar -> draw (List.length bars + i) bar ~total:true) totals
  end;
  p "</svg>\n";
  Buffer.contents b
