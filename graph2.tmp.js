const ts=require("typescript"),fs=require("fs"),path=require("path");
const files=fs.readdirSync("src",{recursive:true}).filter(f=>f.endsWith(".ts")).map(f=>path.join("src",f));
const el=f=>{const d=path.dirname(f);return d==="src"?f:d};
const edges=new Set();
for(const f of files){const info=ts.preProcessFile(fs.readFileSync(f,"utf8"),true,true);
 for(const i of info.importedFiles){if(!i.fileName.startsWith("."))continue;let t=path.normalize(path.join(path.dirname(f),i.fileName));
 if(fs.existsSync(t+".ts"))t=t+".ts";else t=path.join(t,"index.ts");
 if(el(f)!==el(t))edges.add(el(f)+" -> "+el(t)+(process.argv[2]?"   ("+f+")":""));}}
console.log([...edges].sort().join("\n"));
